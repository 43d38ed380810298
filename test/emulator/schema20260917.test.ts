import { schemaSuite } from './schemaSuite';

// Edition 2026-09-17: the current one, every answer against its own description.
schemaSuite('2026-09-17');

import { schemaSuite } from './schemaSuite';

// Edition 2026-07-15: what a key saved before 2026-09-17 keeps getting.
schemaSuite('2026-07-15');

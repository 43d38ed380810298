// Development tooling like test/: the same configuration (see test/eslint.config.mjs for why).
export { default } from '../test/eslint.config.mjs';

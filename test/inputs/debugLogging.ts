// Imported before anything of n8n: n8n's logger reads its level from the environment once,
// when it is first created, and the test setup silences it (test/setup-env.js).
process.env.N8N_LOG_LEVEL = 'debug';

export {};

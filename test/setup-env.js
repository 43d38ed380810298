// n8n's logger prints every node error the tests provoke on purpose; the tests assert them instead.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';

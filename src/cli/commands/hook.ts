export const command = { summary: 'x', help: 'x', async run() { return 0; } };

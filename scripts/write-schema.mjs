// Writes schema/handoff-v1.schema.json from the zod schema (the single truth). Run after a build:
// `npm run schema`. test/handoff/schema.test.ts fails when the committed file drifts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { jsonSchemaText } from '../dist/handoff/json-schema.js';

mkdirSync(new URL('../schema/', import.meta.url), { recursive: true });
writeFileSync(new URL('../schema/handoff-v1.schema.json', import.meta.url), jsonSchemaText());
console.log('wrote schema/handoff-v1.schema.json');

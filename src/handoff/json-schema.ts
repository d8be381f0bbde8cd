/** The JSON Schema of `baton/handoff-v1`, generated from the zod schema. */
import { z } from 'zod';
import { HandoffSchema } from './schema.js';

/** The JSON Schema document as pretty-printed text (what `schema/handoff-v1.schema.json` holds). */
export function jsonSchemaText(): string {
  const schema = z.toJSONSchema(HandoffSchema, { target: 'draft-2020-12', unrepresentable: 'any' });
  const doc = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://baton.dev/schema/handoff-v1.schema.json',
    title: 'baton/handoff-v1',
    description: 'A handoff between AI agents, anchored to the git state it was written in.',
    ...schema,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

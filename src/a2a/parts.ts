/** Message parts baton sends and reads, in the SDK's shape. */
import type { Part } from '@a2a-js/sdk';

/** A text part. */
export function textPart(value: string, mediaType = 'text/markdown', filename = ''): Part {
  return { content: { $case: 'text', value }, mediaType, filename, metadata: {} };
}

/** A data part. */
export function dataPart(value: unknown): Part {
  return { content: { $case: 'data', value }, mediaType: 'application/json', filename: '', metadata: {} };
}

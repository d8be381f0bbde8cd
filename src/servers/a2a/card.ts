/** The agent card of `baton serve a2a`: who it is, the one skill, and where to call it. */
import type { AgentCard } from '@a2a-js/sdk';

/** What the card says about this server. */
export interface CardOptions {
  /** The JSON-RPC endpoint's URL, as callers reach it. */
  url: string;
  version: string;
  /** The repository this server verifies handoffs against. */
  repository?: string;
  /** True when a bearer token is required. */
  token: boolean;
  /** True when `--agent` runs the work (and remote-builder dispatches are taken). */
  agent: boolean;
}

/** Builds the card. */
export function agentCard(options: CardOptions): AgentCard {
  const where = options.repository ? ` for ${options.repository}` : '';
  return {
    name: `baton${where}`,
    description: `Receives structured handoffs${where}: verifies each against this checkout (identity, freshness, content hash, signature, governance, injection scan) before taking ownership.${options.agent ? ' Runs an agent on accepted work and builds run-engine dispatches.' : ''}`,
    supportedInterfaces: [
      { url: options.url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: `${options.url}rest`, protocolBinding: 'HTTP+JSON', tenant: '', protocolVersion: '1.0' },
    ],
    provider: undefined,
    version: options.version,
    documentationUrl: 'https://github.com/baton-dev/baton/blob/main/docs/a2a.md',
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: options.token
      ? {
          bearer: {
            scheme: {
              $case: 'httpAuthSecurityScheme',
              value: { description: 'BATON_A2A_TOKEN', scheme: 'Bearer', bearerFormat: '' },
            },
          },
        }
      : {},
    securityRequirements: options.token ? [{ schemes: { bearer: { list: [] } } }] : [],
    defaultInputModes: ['text/markdown', 'application/json'],
    defaultOutputModes: ['text/markdown', 'text/plain', 'application/json', 'text/x-diff'],
    skills: [
      {
        id: 'receive-handoff',
        name: 'Receive a handoff',
        description:
          'Send a message with metadata.handoff = true and the handoff as one part: a text/markdown text part in any format baton reads, or a data part with canonical or FORGE JSON. The task is REJECTED with the verdict and findings, or WORKING (accepted, archived) with the verdict and handoff id in its metadata.',
        tags: ['handoff', 'verification', 'baton'],
        examples: [
          'metadata: {"handoff": true}, parts: [{"text": "---\\nschema: baton/handoff-v1\\n…", "mediaType": "text/markdown"}]',
        ],
        inputModes: ['text/markdown', 'application/json'],
        outputModes: ['text/markdown', 'application/json'],
        securityRequirements: [],
      },
    ],
    signatures: [],
  } as AgentCard;
}

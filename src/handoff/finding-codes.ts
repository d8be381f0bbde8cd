/**
 * Every finding code baton reports: the stable names that `--json` consumers, tests and fixtures
 * read. docs/findings.md says what each one means; a test keeps the two lists the same.
 */

/** A field whose saved and current values are compared (provenance). */
type AnchorField = 'repository' | 'branch' | 'base_ref' | 'head' | 'base_commit' | 'worktree_state';

/** Reading the artifact: bytes, text, front matter and document structure. */
export type StructureCode =
  | 'not-utf8'
  | 'unreadable'
  | 'not-a-file'
  | 'too-large'
  | 'outside-repository'
  | 'control-char'
  | 'cap-bytes'
  | 'cap-lines'
  | 'cap-items'
  | 'summary-long'
  | 'placeholder'
  | 'front-matter-missing'
  | 'front-matter-unclosed'
  | 'front-matter-not-flat'
  | 'front-matter-key'
  | 'front-matter-empty'
  | 'front-matter-duplicate'
  | 'field-missing'
  | 'field-value'
  | 'key-unknown'
  | 'title'
  | 'title-missing'
  | 'title-extra'
  | 'section-missing'
  | 'section-empty'
  | 'section-order'
  | 'section-unknown'
  | 'section-duplicate'
  | 'fence-unclosed'
  | 'item-syntax'
  | 'item-unmapped'
  | 'subspec-title'
  | 'subspec-no-verify'
  | 'todo-only'
  | 'complete-with-remaining'
  | 'worktree-path'
  | 'no-handoffs';

/** Codecs of the other formats (JSON, XML, Anchor, FORGE, PhaseHandoff). */
export type FormatCode =
  | 'json-syntax'
  | 'json-shape'
  | 'json-schema'
  | 'json-field'
  | 'xml-missing'
  | 'xml-syntax'
  | 'xml-shape'
  | 'element-unknown'
  | 'anchor-no-subspec'
  | 'anchor-section-missing'
  | 'item-kept';

/** Provenance: the saved anchors against the repository now. */
export type ProvenanceCode =
  | `${AnchorField}-differs`
  | `${AnchorField}-moved`
  | 'no-provenance'
  | 'provenance-partial'
  | 'git-unavailable'
  | 'git-note'
  | 'head-own-commits'
  | 'base-own-commits'
  | 'repository-renamed'
  | 'expired';

/** Integrity and governance: hashes, signatures, manifests, roles, classes, the injection scan. */
export type GovernanceCode =
  | 'content-hash'
  | 'content-hash-unchecked'
  | 'manifest-value'
  | 'manifest-unknown-key'
  | 'manifest-duplicate'
  | 'manifest-content-hash'
  | 'manifest-expired'
  | 'approval-unsigned'
  | 'approval-without-hash'
  | 'approval-required'
  | 'signature-untrusted'
  | 'signature-invalid'
  | 'signature-mismatch'
  | 'signature-proposed'
  | 'signature-trusted'
  | 'role-unknown'
  | 'class-forbidden'
  | 'class-unbound'
  | 'binding-unapproved'
  | 'superseded'
  | 'duplicate-artifact-id'
  | 'id-conflict'
  | 'supersedes-missing'
  | 'supersession-cycle'
  | 'supersession-refused'
  | 'injection-more'
  | `injection-${string}`;

/** Import: what a free-form source holds that a person should look at. */
// biome-ignore format: one code a line, like the other groups
export type ImportCode =
  | 'privacy-local-path';

/** A2A: a message `baton serve a2a` refuses before there is a handoff to validate. */
export type MessageCode =
  | 'not-a-handoff'
  | 'no-handoff-part'
  | 'several-handoff-parts'
  | 'bad-part'
  | 'bad-dispatch';

/** Any finding code. */
export type FindingCode =
  | StructureCode
  | FormatCode
  | ProvenanceCode
  | GovernanceCode
  | ImportCode
  | MessageCode;

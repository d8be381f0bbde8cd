/**
 * Governance of what loads into an agent's context (FORMATS.md §5): manifests, classes and
 * roles, ed25519 keys and approval, expiry, supersession, the injection-risk scan, and the boot
 * loader that labels each artifact binding, advisory or quarantined.
 */
export {
  type ApproveFileOptions,
  type ApproveOptions,
  type ApproveResult,
  approveFile,
  approveText,
  bindingNextStep,
  withoutApproval,
} from './approve.js';
export {
  CONFIG_PATH,
  configuredBootPaths,
  DEFAULT_BOOT_PATHS,
  discoverBootFiles,
} from './boot-paths.js';
export { renderBundle } from './bundle.js';
export {
  AUTHORITY_LEVELS,
  type AuthorityLevel,
  BINDING_CLASSES,
  CLASSES_BY_ROLE,
  type CurrentRole,
  currentRole,
  isArtifactClass,
  isBindingClass,
  mayWrite,
  ROLE_ENV,
  ROLES,
  type Role,
  roleEnvironment,
} from './classes.js';
export {
  BOOT_CAP_BYTES,
  judgeInputOf,
  type LoadContextOptions,
  loadContext,
} from './context.js';
export {
  handoffLabel,
  type JudgeInput,
  type Judgement,
  type JudgeOptions,
  judgeArtifact,
} from './judge.js';
export {
  batonHome,
  checkKeyName,
  fingerprintOf,
  type GeneratedKey,
  type GenerateKeyOptions,
  generateKey,
  loadPrivateKey,
  loadTrustedKeys,
  type ProposedKey,
  TRUSTED_KEYS_DIR,
  type TrustedKey,
  type TrustedKeys,
} from './keys.js';
export {
  FLAT_FIELDS,
  type FlatField,
  KEY_ID_RE,
  MANIFEST_KEYS,
  type Manifest,
  type ManifestProblem,
  type ManifestRead,
  type ManifestSource,
  readManifest,
} from './manifest.js';
export { assertPerson } from './person.js';
export { GOVERNANCE_RULES, type GovernanceRule, isGovernanceCode } from './rules.js';
export {
  hasHighRisk,
  SCAN_RULES,
  type ScanFinding,
  type ScanOptions,
  type ScanResult,
  type ScanRule,
  scanText,
} from './scan/index.js';
export {
  APPROVAL_STATEMENT,
  approvalStatement,
  canonicalJson,
  type SignatureCheck,
  signStatement,
  verifySignature,
} from './signature.js';
export { applySupersession, type SupersessionNode, type SupersessionResult } from './supersession.js';
export {
  loadTrustRoots,
  TRUST_STORE_DIR,
  type TrustKeyResult,
  type TrustRootOptions,
  trustKey,
} from './trust.js';
export type {
  ContextArtifact,
  ContextBundle,
  Effect,
  GovernanceFinding,
  Label,
  Severity,
  TrustRoot,
} from './types.js';
export { defang, wrapAsData } from './wrap.js';

/** The injection-risk scan: a catalog of rules over normalised views of a text. */
export { visible } from './_chars.js';
export { SCAN_RULES, type ScanRule } from './catalog.js';
export { hasHighRisk, type ScanFinding, type ScanOptions, type ScanResult, scanText } from './scan.js';
export { normalize, ScanText, type View } from './text.js';

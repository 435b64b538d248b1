/**
 * Registers the product's job types with the worker. Real job types (upload parsing, Save All,
 * Remove All, exports) arrive with the features that own them; the tests register their own.
 */
// Contracts: Export all
import '../contract/export-job';

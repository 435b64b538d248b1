/**
 * Registers the product's job types with the worker. Real job types (upload parsing, Save All,
 * Remove All, exports) arrive with the features that own them; the tests register their own.
 */
// Contracts: Export all
import '../amendment/export-job';
// Accounts: Export all
import '../account/export-job';
// Reports: Export To P2C
import '../report/p2c';
// Uploads: the parse of an uploaded workbook
import '../upload/uploads';
// Uploads: Save / Save All, Remove All
import '../upload/single-file';
// Updates: the parse of an update workbook, Save / Save All, Remove All
import '../update/pipeline';

import type { ContractListBody } from '@eb/shared/amendment/schemas';
import { exportAllLink, startExportAll } from '../../../entities/amendment/api';
import { CONTRACT_TEXTS } from '../../../entities/amendment/amendment-texts';
import { JobDownloadDialog } from '../../../entities/job/JobDownloadDialog';

/** Export all (beyond the spec): every row of the search's filter, in its order, written by a job to an .xlsx. */
export function ExportAllDialog({ filter, orderBy, columns, onClose }: { filter: ContractListBody; orderBy: string; columns: readonly string[]; onClose: () => void }) {
  return (
    <JobDownloadDialog
      header={CONTRACT_TEXTS.exportAll}
      what={CONTRACT_TEXTS.exportWhat}
      start={() => startExportAll(filter, orderBy, columns)}
      link={exportAllLink}
      onClose={onClose}
    />
  );
}

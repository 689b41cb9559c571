// The report of the last import, shown once after the imported file opens.
import { create } from 'zustand';
import type { ImportReport } from '../../exchange';

interface ImportReportState {
  report: ImportReport | null;
  show(report: ImportReport): void;
  close(): void;
}

export const useImportReport = create<ImportReportState>((set) => ({
  report: null,
  show: (report) => set({ report }),
  close: () => set({ report: null }),
}));

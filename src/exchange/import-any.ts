// One entry for every importer.
import type { ImportFormat, ImportOptions, ImportResult } from './import-report';
import { importLogicx } from './flying-logic/import-logicx';
import { importLtp } from './ltp/import-ltp';
import { importTpStudio } from './tp-studio/import-tp-studio';

export function importFile(format: ImportFormat, text: string, options: ImportOptions): ImportResult {
  switch (format) {
    case 'ltp':
      return importLtp(text, options);
    case 'logicx':
      return importLogicx(text, options);
    case 'tp-studio':
      return importTpStudio(text, options);
  }
}

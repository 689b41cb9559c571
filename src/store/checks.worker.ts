// The Web Worker that runs the reasoning checks of a large file being edited (see checks-later.ts).
import { checkData } from './checks-later';
import { listen, serveMirrored } from './worker-client';

listen(serveMirrored((data) => checkData(data)));

// The Web Worker that runs the reasoning checks of a large file being edited (see checks-later.ts).
import { checksReplies } from './checks-later';
import { listen, serveMirrored } from './worker-client';

listen(serveMirrored(checksReplies()));

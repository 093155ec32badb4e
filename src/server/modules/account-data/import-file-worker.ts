import { parentPort, workerData } from 'node:worker_threads';
import { packDays, readImportText } from './import-file';

/*
 * The worker thread that reads one large import file (import-file-off-loop.ts): its bytes come in
 * `workerData`, the reading goes back as one message, and the thread ends, giving back the memory
 * the parse took.
 */
const bytes = workerData as Uint8Array;
const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
const reading = readImportText(text);
parentPort?.postMessage('file' in reading ? { file: packDays(reading.file) } : reading);

/**
 * Body of the parse broker thread: the pool of parser processes (parse-pool.node.ts) runs here,
 * on a thread of its own, and worker.node.ts posts it jobs. Between two parses a process waits
 * for whoever runs its pool to read its result and hand it the next document; on a server's
 * main thread, busy with hundreds of requests, that hand-off waited for the event loop (about
 * 270 ms against a 70 ms parse in the load bench), so the processes idled most of the time. This
 * thread does nothing else, so it answers them at once.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '@folio/core';
import {
  closeWorkers,
  liveWorkers,
  parseInWorkerWithConfidence,
  warmWorkers,
} from './parse-pool.node.ts';
import type { BrokerReply, BrokerRequest } from './worker.node.ts';

const port = parentPort;
if (!port) throw new Error('parse-broker.node.ts runs as a worker thread');
const reply = (msg: BrokerReply) => port.postMessage(msg);

port.on('message', (msg: BrokerRequest) => {
  switch (msg.type) {
    case 'parse':
      parseInWorkerWithConfidence(msg.bytes, msg.opts, msg.limits).then(
        (result) => reply({ id: msg.id, ok: true, result }),
        (err: unknown) => {
          const e = err instanceof AppError ? err : new AppError('PARSE_FAILED');
          reply({ id: msg.id, ok: false, code: e.code, message: e.message });
        },
      );
      break;
    case 'warm':
      warmWorkers(msg.limits);
      break;
    case 'live':
      reply({ id: msg.id, ok: true, live: liveWorkers() });
      break;
    case 'close':
      void closeWorkers().then(() => reply({ id: msg.id, ok: true, live: 0 }));
      break;
  }
});
reply({ ready: true });

/**
 * The baseline for the session bench: a bare node:http server that answers every request with
 * a fixed JSON body of BODY_BYTES bytes, so the difference to the provider is the provider's own
 * work (routing, auth, SQL, signing), not the size of what goes over the socket. It prints
 * `listening {port}` once ready.
 */
import { createServer } from 'node:http';

const targetBytes = Number(process.env.BODY_BYTES ?? 1000);
const skeleton = { data: { request_id: 'request-id-bench', status_code: 200, padding: '' } };
const fixedBytes = Buffer.byteLength(JSON.stringify(skeleton));
skeleton.data.padding = 'x'.repeat(Math.max(0, targetBytes - fixedBytes));
const body = Buffer.from(JSON.stringify(skeleton));

const server = createServer((request, response) => {
  // Read the request body like a real handler must before answering.
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// A stand-in collector for the benchmark: answers every OTLP/HTTP request 200 with an empty body.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () =>
    res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/x-protobuf' }).end(),
  );
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));

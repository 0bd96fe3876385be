import dgram from 'node:dgram';

/**
 * A tiny DNS server on loopback (UDP) that answers TXT questions from a map, for the SSO domain check of the
 * built server (SSO_DNS_SERVERS in playwright.config.ts): the browser tests never ask real DNS. Any other
 * question, or a name not in the map, is answered NXDOMAIN.
 */
export async function startTxtServer(port: number, records: Map<string, string[]>) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    if (query.length < 12) return;
    // The question: labels from byte 12, then QTYPE and QCLASS.
    const labels: string[] = [];
    let at = 12;
    while (at < query.length && query[at] !== 0) {
      const length = query[at] as number;
      labels.push(query.subarray(at + 1, at + 1 + length).toString('latin1'));
      at += length + 1;
    }
    const questionEnd = at + 5;
    const type = query.readUInt16BE(at + 1);
    const values = type === 16 ? records.get(labels.join('.').toLowerCase()) : undefined;
    const answers = (values ?? []).map((value) => {
      const text = Buffer.from(value, 'utf8');
      const rdata = Buffer.concat([Buffer.from([text.length]), text]);
      const head = Buffer.alloc(12);
      head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      head.writeUInt16BE(16, 2); // TXT
      head.writeUInt16BE(1, 4); // IN
      head.writeUInt32BE(60, 6); // TTL
      head.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([head, rdata]);
    });
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // the question's id
    header.writeUInt16BE(values ? 0x8180 : 0x8183, 2); // a recursive answer; NXDOMAIN without records
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answers]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

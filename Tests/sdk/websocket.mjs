// A WebSocket client for the SDK's tests under Node, with the part of the browser's interface the
// SDK uses (readyState, send, close, addEventListener for open, message, close and error): RFC 6455
// over node:http's upgrade, text messages only, client frames masked (§5.3), pings answered.
// Why not Node's own: Node 20 has none without --experimental-websocket, and that one (undici)
// refuses a 101 whose Connection header lists `Upgrade` twice, which RFC 6455 §4.1 allows and
// libmicrohttpd sends.
import { request } from "node:http";
import { randomBytes, createHash } from "node:crypto";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

export class TestWebSocket {
  /** @param {string} url a ws:// URL */
  constructor(url) {
    this.readyState = 0;
    this.listeners = new Map();
    this.buffer = Buffer.alloc(0);
    this.fragments = [];
    const key = randomBytes(16).toString("base64");
    const target = new URL(url.replace(/^ws/, "http"));
    const handshake = request({
      host: target.hostname, port: target.port, path: target.pathname,
      headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": key },
    });
    handshake.on("upgrade", (response, socket, head) => {
      const accept = createHash("sha1").update(key + GUID).digest("base64");
      if (response.headers["sec-websocket-accept"] !== accept) { socket.destroy(); this.fail(); return; }
      this.socket = socket;
      this.readyState = 1;
      socket.on("data", (data) => this.read(data));
      socket.on("close", () => this.closed(1006));
      socket.on("error", () => {});
      this.emit("open", {});
      if (head.length) this.read(head);
    });
    handshake.on("response", () => this.fail());
    handshake.on("error", () => this.fail());
    handshake.end();
  }

  addEventListener(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(listener);
  }

  emit(type, event) {
    for (const listener of this.listeners.get(type) || []) listener(event);
  }

  fail() {
    this.emit("error", {});
    this.closed(1006);
  }

  closed(code) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit("close", { code });
  }

  /** @param {string} text */
  send(text) {
    if (this.readyState === 1) this.write(0x1, Buffer.from(text));
  }

  close(code = 1000) {
    if (this.readyState !== 1) return;
    this.readyState = 2;
    this.write(0x8, Buffer.from([code >> 8, code & 0xff]));
    setTimeout(() => this.socket.destroy(), 100);
  }

  /** One masked frame. */
  write(opcode, payload) {
    const mask = randomBytes(4);
    const length = payload.length;
    const head = length < 126 ? Buffer.from([0x80 | opcode, 0x80 | length])
      : length < 65536 ? Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
      : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), bigEndian64(length)]);
    const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]));
    this.socket.write(Buffer.concat([head, mask, masked]));
  }

  /** Server frames: unmasked, possibly fragmented. */
  read(data) {
    this.buffer = Buffer.concat([this.buffer, data]);
    for (;;) {
      if (this.buffer.length < 2) return;
      const opcode = this.buffer[0] & 0x0f;
      const fin = (this.buffer[0] & 0x80) !== 0;
      let length = this.buffer[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.buffer.length < offset + length) return;
      const payload = this.buffer.subarray(offset, offset + length);
      this.buffer = this.buffer.subarray(offset + length);
      if (opcode === 0x8) {
        this.closed(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
        this.socket.end();
        return;
      }
      if (opcode === 0x9) { this.write(0xa, payload); continue; }
      if (opcode === 0x1 || opcode === 0x0) {
        this.fragments.push(payload);
        if (fin) {
          const text = Buffer.concat(this.fragments).toString("utf8");
          this.fragments = [];
          this.emit("message", { data: text });
        }
      }
    }
  }
}

/** @param {number} value */
function bigEndian64(value) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

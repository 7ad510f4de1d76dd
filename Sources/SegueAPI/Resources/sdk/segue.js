// Segue's browser SDK: an ES module with no dependencies and no build step, served by Segue
// itself at GET /sdk/segue.js (its types at GET /sdk/segue.d.ts). docs/sdk.md shows how to use it.
//
//   import { Segue, recordPointer, applyFrame } from "http://127.0.0.1:8080/sdk/segue.js";
//
// The wire shapes are openapi.yaml's (GET /openapi.yaml); segue.d.ts names them.
// @ts-check

/** @typedef {import("./segue").Problem} Problem */
/** @typedef {import("./segue").FieldError} FieldError */
/** @typedef {import("./segue").SimulateRequest} SimulateRequest */
/** @typedef {import("./segue").Simulation} Simulation */
/** @typedef {import("./segue").DecisionsRequest} DecisionsRequest */
/** @typedef {import("./segue").Decisions} Decisions */
/** @typedef {import("./segue").CurvesRequest} CurvesRequest */
/** @typedef {import("./segue").Curves} Curves */
/** @typedef {import("./segue").PresetList} PresetList */
/** @typedef {import("./segue").PresetDetail} PresetDetail */
/** @typedef {import("./segue").DriveStart} DriveStart */
/** @typedef {import("./segue").DriveEvent} DriveEvent */
/** @typedef {import("./segue").DriveOptions} DriveOptions */
/** @typedef {import("./segue").GestureSample} GestureSample */
/** @typedef {import("./segue").SamplePhase} SamplePhase */
/** @typedef {import("./segue").Frame} Frame */
/** @typedef {import("./segue").CompactFrame} CompactFrame */
/** @typedef {import("./segue").FrameEncoding} FrameEncoding */
/** @typedef {import("./segue").LayerDescription} LayerDescription */
/** @typedef {import("./segue").LayerState} LayerState */
/** @typedef {import("./segue").MaskState} MaskState */
/** @typedef {import("./segue").Rect} Rect */
/** @typedef {import("./segue").Point} Point */
/** @typedef {import("./segue").CornerCurve} CornerCurve */
/** @typedef {import("./segue").PointerInput} PointerInput */
/** @typedef {import("./segue").RecordPointerOptions} RecordPointerOptions */
/** @typedef {import("./segue").PointerRecording} PointerRecording */
/** @typedef {import("./segue").LayerElements} LayerElements */
/** @typedef {import("./segue").ApplyFrameOptions} ApplyFrameOptions */
/** @typedef {import("./segue").SegueOptions} SegueOptions */

// ================================================================ problems

/** An RFC 9457 problem from Segue (application/problem+json), thrown by every call that fails. */
export class SegueProblem extends Error {
  /** @param {Problem} problem */
  constructor(problem) {
    super(problemMessage(problem));
    this.name = "SegueProblem";
    /** @type {Problem} */
    this.problem = problem;
    /** @type {string} */
    this.type = problem.type;
    /** @type {string} */
    this.title = problem.title;
    /** @type {number} */
    this.status = problem.status;
    /** @type {string} */
    this.detail = problem.detail;
    /** @type {FieldError[]} */
    this.errors = problem.errors || [];
  }
}

/**
 * One line a person can read: status, title and detail, then each field error as `pointer: detail`.
 * @param {Problem} problem
 * @returns {string}
 */
export function problemMessage(problem) {
  const fields = (problem.errors || []).map((e) => `${e.pointer}: ${e.detail}`).join("\n");
  return `${problem.status} ${problem.title}: ${problem.detail}${fields ? "\n" + fields : ""}`;
}

/**
 * The problem an answer carries: its problem+json body when it has one, else one built from the
 * status and whatever text came (a proxy's HTML page, an empty body). Pure: no I/O.
 * @param {number} status
 * @param {string | null} contentType
 * @param {string} text
 * @returns {SegueProblem}
 */
export function parseProblem(status, contentType, text) {
  const media = (contentType || "").split(";")[0].trim().toLowerCase();
  if (media === "application/problem+json" || media === "application/json") {
    try {
      const body = JSON.parse(text);
      if (body && typeof body === "object" && typeof body.title === "string") {
        return new SegueProblem({ ...body, status: typeof body.status === "number" ? body.status : status,
          type: body.type || "about:blank", detail: body.detail || body.title,
          errors: Array.isArray(body.errors) ? body.errors : undefined });
      }
    } catch (error) {
      // not JSON after all: described below
    }
  }
  const detail = text.trim() ? text.trim().slice(0, 200) : `The server answered ${status} with no problem details.`;
  return new SegueProblem({ type: "about:blank", title: statusTitle(status), status, detail });
}

/** @param {number} status */
function statusTitle(status) {
  /** @type {Record<number, string>} */
  const titles = { 0: "Network Error", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
    413: "Content Too Large", 422: "Invalid request", 429: "Too Many Requests", 500: "Internal Server Error",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout" };
  return titles[status] || `HTTP ${status}`;
}

// ================================================================ the client

/**
 * The URL and fetch options of one call: a JSON body POSTed, or a GET. Pure: no I/O.
 * @param {string} baseURL
 * @param {"GET" | "POST"} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {{url: string, init: RequestInit}}
 */
export function buildRequest(baseURL, method, path, body) {
  const url = baseURL.replace(/\/+$/, "") + path;
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json, application/problem+json" };
  /** @type {RequestInit} */
  const init = { method, headers };
  if (method === "POST") {
    headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  return { url, init };
}

/** The page's origin where there is one (a browser), else "" (then pass `baseURL`). */
function defaultBaseURL() {
  const location = /** @type {{location?: {origin?: string}}} */ (globalThis).location;
  return location && location.origin && location.origin !== "null" ? location.origin : "";
}

/** A client of one Segue server. */
export class Segue {
  /** @param {SegueOptions} [options] */
  constructor(options = {}) {
    /** @type {string} */
    this.baseURL = (options.baseURL || defaultBaseURL()).replace(/\/+$/, "");
    /** @type {typeof fetch} */
    this.fetch = options.fetch || ((input, init) => globalThis.fetch(input, init));
    /** @type {typeof WebSocket | undefined} */
    this.WebSocket = options.WebSocket || /** @type {any} */ (globalThis).WebSocket;
  }

  /**
   * One call: the parsed JSON answer (or the text of a non-JSON one, such as an SVG), or a thrown
   * SegueProblem.
   * @param {"GET" | "POST"} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>}
   */
  async request(method, path, body) {
    const { url, init } = buildRequest(this.baseURL, method, path, body);
    let response;
    try {
      response = await this.fetch(url, init);
    } catch (error) {
      throw new SegueProblem({ type: "about:blank", title: "Network Error", status: 0,
        detail: `${method} ${url} failed: ${error instanceof Error ? error.message : String(error)}` });
    }
    const text = await response.text();
    const contentType = response.headers.get("Content-Type");
    if (!response.ok) throw parseProblem(response.status, contentType, text);
    return /json/.test(contentType || "") ? JSON.parse(text) : text;
  }

  /**
   * A Simulation, or the export `body.output` asks for (text for svg, svg-animated and css, the
   * parsed JSON for lottie and waapi): segue.d.ts types each by its output.
   * @param {SimulateRequest | string} body @returns {Promise<any>}
   */
  simulate(body) { return this.request("POST", "/v1/simulate", body); }

  /** @param {DecisionsRequest | string} body @returns {Promise<Decisions>} */
  decisions(body) { return this.request("POST", "/v1/decisions", body); }

  /** @param {CurvesRequest | string} body @returns {Promise<Curves>} */
  curves(body) { return this.request("POST", "/v1/curves", body); }

  /** @returns {Promise<PresetList>} */
  presets() { return this.request("GET", "/v1/presets"); }

  /** @param {string} id @returns {Promise<PresetDetail>} */
  preset(id) { return this.request("GET", "/v1/presets/" + encodeURIComponent(id)); }

  /** The drive socket's URL: the base URL with ws(s) for http(s). */
  get driveURL() {
    return this.baseURL.replace(/^http/, "ws") + "/v1/drive";
  }

  /**
   * A live session: `send` samples as the finger moves and receive frames, the decision and
   * `settled` as events or by `for await`. Over the drive socket, or by polling POST /v1/simulate
   * with the samples so far where the socket cannot open.
   * @param {DriveStart} start
   * @param {DriveOptions} [options]
   * @returns {DriveSession}
   */
  drive(start, options = {}) {
    return new DriveSession(this, start, options);
  }
}

// ================================================================ compact frames

/**
 * A frame in full from a compact one and the full frame before it (null for the first, which a
 * compact stream sends in full), by openapi.yaml's rule for `CompactSimulationFrame`: each
 * changed layer's members are laid over its state in `previous` (`"shadow": null` removes the
 * shadow), the layers it leaves out are as they were. A state whose `frame` is its layer's in
 * `layers` leaves it out, as the full encoding does. Unchanged states are shared with
 * `previous`, as read-only values. Pure: no I/O.
 * @param {Frame | null} previous
 * @param {CompactFrame} frame
 * @param {LayerDescription[]} layers
 * @returns {Frame}
 */
export function expandFrame(previous, frame, layers) {
  /** @type {Record<string, LayerState>} */
  const before = previous ? previous.layers : {};
  /** @type {Record<string, LayerState>} */
  const states = {};
  const ids = Object.keys(before);
  for (const id of Object.keys(frame.layers)) if (!(id in before)) ids.push(id);
  for (const id of ids) {
    const change = frame.layers[id];
    if (!change) { states[id] = before[id]; continue; }
    /** @type {Record<string, unknown>} */
    const state = { ...before[id] };
    for (const [name, value] of Object.entries(change)) {
      if (name === "shadow" && value === null) delete state.shadow;
      else state[name] = value;
    }
    const layer = layers.find((candidate) => candidate.id === id);
    if (layer && sameRect(/** @type {Rect | undefined} */ (state.frame), layer.frame)) delete state.frame;
    states[id] = /** @type {LayerState} */ (/** @type {unknown} */ (state));
  }
  /** @type {Record<string, unknown>} */
  const full = {};
  for (const [name, value] of Object.entries(frame)) full[name] = name === "layers" ? states : value;
  return /** @type {Frame} */ (/** @type {unknown} */ (full));
}

/**
 * Every frame of a compact stream in full, the first laid over `previous` (null: it is in full).
 * Pure: no I/O.
 * @param {CompactFrame[]} frames
 * @param {LayerDescription[]} layers
 * @param {Frame | null} [previous]
 * @returns {Frame[]}
 */
export function expandFrames(frames, layers, previous = null) {
  /** @type {Frame[]} */
  const expanded = [];
  let before = previous;
  for (const frame of frames) {
    before = expandFrame(before, frame, layers);
    expanded.push(before);
  }
  return expanded;
}

/** @param {Rect | undefined} a @param {Rect} b */
const sameRect = (a, b) => !!a && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

// ================================================================ live drive

/** The message types a session emits, and what each carries. */
const DRIVE_EVENTS = ["started", "frame", "decision", "settled", "problem"];

/** A live drive session; made by `Segue.drive`. */
export class DriveSession {
  /**
   * @param {Segue} client
   * @param {DriveStart} start
   * @param {DriveOptions} options
   */
  constructor(client, start, options) {
    this.client = client;
    /** @type {DriveStart} */
    this.start = { ...start, type: "start", ...(options.encoding ? { encoding: options.encoding } : {}) };
    /** @type {"socket" | "poll"} */
    this.transport = options.transport === "poll" || !client.WebSocket ? "poll" : "socket";
    /**
     * Every sample sent so far, in order.
     * @type {GestureSample[]}
     */
    this.samples = [];
    /**
     * Every frame received so far, in order.
     * @type {Frame[]}
     */
    this.frames = [];
    /** @type {LayerDescription[] | null} */
    this.layers = null;
    /** Whether the session has settled or ended. */
    this.done = false;
    /** @type {Map<string, Set<(value: any) => void>>} */
    this.listeners = new Map();
    /** @type {DriveEvent[]} */
    this.queue = [];
    /** @type {((result: IteratorResult<DriveEvent>) => void)[]} */
    this.waiting = [];
    /** @type {WebSocket | null} */
    this.socket = null;
    /** How many frames the current socket (after a reconnect) has yet to repeat. */
    this.skip = 0;
    /**
     * How the current socket writes its frames (its `started` says), and the last frame it sent,
     * in full: a compact frame is written against it, whichever message carried it.
     * @type {{encoding: FrameEncoding, layers: LayerDescription[], last: Frame | null}}
     */
    this.wire = { encoding: "full", layers: [], last: null };
    this.polling = false;
    this.pollAgain = false;
    if (this.transport === "socket") this.openSocket();
    else this.poll();
  }

  /**
   * Calls `listener` with each event of `type`: `started` ({layers, frameRate}), `frame` (a Frame),
   * `decision` (a Decision), `settled` ({duration, events}), `problem` (a SegueProblem).
   * @param {string} type
   * @param {(value: any) => void} listener
   * @returns {() => void} removes the listener
   */
  on(type, listener) {
    if (!DRIVE_EVENTS.includes(type)) throw new TypeError(`Unknown drive event '${type}'; events: ${DRIVE_EVENTS.join(", ")}.`);
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
    return () => { set && set.delete(listener); };
  }

  /**
   * More of the gesture, after the samples already sent.
   * @param {GestureSample[]} samples
   */
  send(samples) {
    if (this.done || !samples.length) return;
    this.samples.push(...samples);
    if (this.transport === "socket") this.socketSend({ type: "samples", samples });
    else this.poll();
  }

  /** Ends the session (a `cancel` on the socket) and ends the iterator; no more events. */
  end() {
    if (this.done) return;
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify({ type: "cancel" }));
    this.finish();
  }

  /** @returns {AsyncIterator<DriveEvent>} */
  [Symbol.asyncIterator]() {
    return {
      next: () => {
        const event = this.queue.shift();
        if (event) return Promise.resolve({ value: event, done: false });
        if (this.done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => this.waiting.push(resolve));
      },
      return: () => {
        this.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  /** @param {DriveEvent} event */
  emit(event) {
    if (this.done) return;
    const { type, ...rest } = event;
    const value = type === "frame" ? /** @type {any} */ (event).frame
      : type === "decision" ? /** @type {any} */ (event).decision
      : type === "problem" ? /** @type {any} */ (event).problem : rest;
    for (const listener of this.listeners.get(type) || []) listener(value);
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
    if (type === "settled") this.finish();
  }

  finish() {
    if (this.done) return;
    this.done = true;
    if (this.socket && this.socket.readyState <= 1) this.socket.close(1000);
    this.socket = null;
    for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
  }

  /** Opens a socket and (re)sends the start and every sample so far. */
  openSocket() {
    const SocketType = /** @type {typeof WebSocket} */ (this.client.WebSocket);
    const socket = new SocketType(this.client.driveURL);
    let opened = false;
    this.socket = socket;
    /** @type {string[]} */
    const pending = [JSON.stringify(this.start)];
    if (this.samples.length) pending.push(JSON.stringify({ type: "samples", samples: this.samples }));
    this.pending = pending;
    // A session lives in its connection, so a new one repeats the frames already received.
    this.skip = this.frames.length;
    socket.addEventListener("open", () => {
      opened = true;
      for (const text of pending.splice(0)) socket.send(text);
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) this.onMessage(JSON.parse(String(event.data)));
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.done) return;
      // Never opened (no socket here: a proxy that refuses upgrades): poll for the rest of the
      // session. Closed under the session (a timeout, a restart): reconnect and resend.
      if (!opened) { this.transport = "poll"; this.socket = null; this.poll(); }
      else this.openSocket();
    });
  }

  /** @param {object} message */
  socketSend(message) {
    const socket = this.socket;
    if (!socket) return;
    if (socket.readyState === 1) socket.send(JSON.stringify(message));
    else if (socket.readyState === 0 && this.pending) this.pending.push(JSON.stringify(message));
  }

  /** @param {any} message a server message of the drive socket */
  onMessage(message) {
    if (message.type === "started") {
      // Each socket's session begins a chain of its own: its first frame is in full.
      this.wire = { encoding: message.encoding === "compact" ? "compact" : "full", layers: message.layers, last: null };
      if (!this.layers) {
        this.layers = message.layers;
        this.emit({ type: "started", layers: message.layers, frameRate: message.frameRate });
      }
    } else if (message.type === "frames") {
      for (const sent of message.frames) {
        const frame = this.wire.encoding === "compact" ? expandFrame(this.wire.last, sent, this.wire.layers) : sent;
        this.wire.last = frame;
        if (this.skip > 0) { this.skip -= 1; continue; }
        this.frames.push(frame);
        this.emit({ type: "frame", frame });
      }
    } else if (message.type === "decision") {
      this.emit({ type: "decision", decision: message.decision });
    } else if (message.type === "settled") {
      this.emit({ type: "settled", duration: message.duration, events: message.events });
    } else if (message.type === "error") {
      this.emit({ type: "problem", problem: new SegueProblem(message.problem) });
    }
  }

  /**
   * Polling: the samples so far (an open gesture until the finger lifts) to POST /v1/simulate, one
   * request at a time. A frame depends only on the samples up to its time, so each answer repeats
   * the frames already emitted and adds the new ones.
   */
  async poll() {
    if (this.polling) { this.pollAgain = true; return; }
    if (!this.samples.length) return;
    this.polling = true;
    try {
      do {
        this.pollAgain = false;
        const samples = this.samples.slice();
        const { type, pace, ...request } = this.start;
        const lifted = isLift(samples[samples.length - 1].phase);
        /** @type {Simulation} */
        let answer;
        try {
          answer = await this.client.simulate({ ...request, gesture: { samples } });
        } catch (error) {
          this.emit({ type: "problem", problem: error instanceof SegueProblem ? error
            : new SegueProblem({ type: "about:blank", title: "Error", status: 0, detail: String(error) }) });
          return;
        }
        if (this.done) return;
        if (!this.layers) {
          this.layers = answer.layers;
          this.emit({ type: "started", layers: answer.layers, frameRate: answer.frameRate });
        }
        // A compact answer (the session's encoding) is expanded whole: each answer starts afresh.
        const frames = /** @type {{encoding?: string}} */ (answer).encoding === "compact"
          ? expandFrames(answer.frames, answer.layers) : answer.frames;
        for (const frame of frames.slice(this.frames.length)) {
          this.frames.push(frame);
          this.emit({ type: "frame", frame });
        }
        if (lifted && this.samples.length === samples.length) {
          if (answer.decision) this.emit({ type: "decision", decision: answer.decision });
          this.emit({ type: "settled", duration: answer.duration, events: answer.events });
        }
      } while (this.pollAgain && !this.done);
    } finally {
      this.polling = false;
    }
  }
}

/** @param {SamplePhase} phase */
const isLift = (phase) => phase === "ended" || phase === "cancelled";

// ================================================================ recording the finger

/**
 * Turns pointer events into gesture samples, one `changed` a display frame as iOS delivers
 * touches: `input` takes events as they come, `frame` (called once an animation frame) emits the
 * latest move since the last frame. `began` goes out at once so that a live session can start;
 * `ended` and `cancelled` flush the pending move first. Times are seconds from the touch-down,
 * rounded to a microsecond, and strictly increase; points are element-local, rounded to a
 * thousandth. Pure: no DOM, no clock.
 */
export class SampleCoalescer {
  /** @param {(sample: GestureSample) => void} onSample */
  constructor(onSample) {
    this.onSample = onSample;
    /** @type {GestureSample[]} */
    this.samples = [];
    /** @type {number | null} the pointer being followed */
    this.pointerId = null;
    /** @type {number} the touch-down's timeStamp, milliseconds */
    this.origin = 0;
    /** @type {GestureSample | null} the latest move not yet emitted */
    this.pending = null;
  }

  /** Whether a pointer is down. */
  get active() { return this.pointerId !== null; }

  /**
   * One pointer event, its point already element-local.
   * @param {PointerInput} event
   */
  input(event) {
    if (event.type === "pointerdown") {
      if (this.active) return;
      this.pointerId = event.pointerId;
      this.origin = event.timeStamp;
      this.samples = [];
      this.pending = null;
      this.push(this.sample(event, "began"));
      return;
    }
    if (event.pointerId !== this.pointerId) return;
    if (event.type === "pointermove") {
      this.pending = this.sample(event, "changed");
    } else {
      this.frame();
      this.push(this.sample(event, event.type === "pointerup" ? "ended" : "cancelled"));
      this.pointerId = null;
    }
  }

  /** The display frame: emits the latest move since the last frame, if any. */
  frame() {
    const pending = this.pending;
    this.pending = null;
    if (pending) this.push(pending);
  }

  /**
   * @param {PointerInput} event
   * @param {SamplePhase} phase
   * @returns {GestureSample}
   */
  sample(event, phase) {
    return { t: round((event.timeStamp - this.origin) / 1000, 1e6), x: round(event.x, 1e3), y: round(event.y, 1e3), phase };
  }

  /** @param {GestureSample} sample */
  push(sample) {
    const last = this.samples[this.samples.length - 1];
    if (last && sample.t <= last.t) {
      // Times must strictly increase: a move no later than the last sample is dropped, a lift
      // is stamped a millisecond after it.
      if (sample.phase === "changed") return;
      sample.t = round(last.t + 0.001, 1e6);
    }
    this.samples.push(sample);
    this.onSample(sample);
  }
}

/** @param {number} value @param {number} per */
const round = (value, per) => Math.round(value * per) / per;

/**
 * Records the pointer on `element`: each sample (`{t, x, y, phase}`, element-local points, t in
 * seconds from the touch-down) to `onSample`, moves coalesced to one a display frame.
 * @param {HTMLElement} element
 * @param {RecordPointerOptions} [options]
 * @returns {PointerRecording}
 */
export function recordPointer(element, options = {}) {
  const onSample = options.onSample || (() => {});
  const coalescer = new SampleCoalescer((sample) => {
    onSample(sample);
    if (isLift(sample.phase) && options.onEnd) options.onEnd(coalescer.samples.slice());
  });
  let frameRequest = 0;
  const tick = () => {
    coalescer.frame();
    frameRequest = coalescer.active ? requestAnimationFrame(tick) : 0;
  };
  /** Element-local points: CSS pixels from its top-left, divided by any scale on it. */
  const local = (/** @type {PointerEvent} */ event) => {
    const rect = element.getBoundingClientRect();
    const scale = typeof options.scale === "function" ? options.scale()
      : options.scale || (element.offsetWidth ? rect.width / element.offsetWidth : 1);
    return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  };
  const handler = (/** @type {PointerEvent} */ event) => {
    if (event.type === "pointerdown") {
      if (coalescer.active || event.button !== 0) return;
      if (options.filter && !options.filter(event)) return;
      event.preventDefault();
      element.setPointerCapture(event.pointerId);
    }
    if (event.pointerId !== coalescer.pointerId && event.type !== "pointerdown") return;
    coalescer.input({ type: /** @type {PointerInput["type"]} */ (event.type), pointerId: event.pointerId,
      timeStamp: event.timeStamp, ...local(event) });
    if (coalescer.active && !frameRequest) frameRequest = requestAnimationFrame(tick);
  };
  const types = ["pointerdown", "pointermove", "pointerup", "pointercancel"];
  for (const type of types) element.addEventListener(type, /** @type {EventListener} */ (handler));
  return {
    get samples() { return coalescer.samples.slice(); },
    get active() { return coalescer.active; },
    stop() {
      for (const type of types) element.removeEventListener(type, /** @type {EventListener} */ (handler));
      if (frameRequest) cancelAnimationFrame(frameRequest);
      frameRequest = 0;
    },
  };
}

// ================================================================ drawing a frame

/**
 * The twelve points of one continuous corner in multiples of the radius, as `[u, v]`: u back along
 * the edge the outline arrives on, v along the edge it leaves by. The iOS 7 constants PaintCode
 * published, as Sources/SegueMath/Corners/RoundedRectangle.swift has them.
 */
export const CONTINUOUS_CORNER = [
  [1.52866483, 0], [1.08849299, 0], [0.86840701, 0], [0.66993427, 0.065496], [0.63149399, 0.074911],
  [0.37282401, 0.16906001], [0.16906001, 0.37282401], [0.074911, 0.63149399], [0.065496, 0.66993427],
  [0, 0.86840701], [0, 1.08849299], [0, 1.52866483],
];

/**
 * A number as Segue's SVG paths write it: rounded half away from zero to a millionth, shortest,
 * "0" for anything that rounds to zero.
 * @param {number} value
 */
export function pathNumber(value) {
  const rounded = Math.sign(value) * Math.round(Math.abs(value) * 1e6) / 1e6;
  return rounded === 0 ? "0" : String(rounded);
}

/**
 * A rounded rect's outline as SVG path data, as Core Animation draws `cornerRadius` with
 * `cornerCurve`: the same commands and numbers as RoundedRectangle.svgPathData on the server
 * (clockwise from where the top-left corner ends; continuous corners three cubics and two lines
 * each up to the radius where they meet, circular ones beyond it and for `circular`, clamped to
 * half the short side).
 * @param {Rect} rect
 * @param {number} cornerRadius points
 * @param {CornerCurve} [cornerCurve]
 * @returns {string}
 */
export function roundedRectPath(rect, cornerRadius, cornerCurve = "circular") {
  const minX = Math.min(rect.x, rect.x + rect.width), maxX = Math.max(rect.x, rect.x + rect.width);
  const minY = Math.min(rect.y, rect.y + rect.height), maxY = Math.max(rect.y, rect.y + rect.height);
  if (![minX, maxX, minY, maxY].every(Number.isFinite)) return "";
  const p = (/** @type {number} */ x, /** @type {number} */ y) => `${pathNumber(x)},${pathNumber(y)}`;
  // Top-right, bottom-right, bottom-left, top-left: vertex, direction arriving, direction leaving.
  const corners = [
    { vx: maxX, vy: minY, ax: 1, ay: 0, lx: 0, ly: 1 },
    { vx: maxX, vy: maxY, ax: 0, ay: 1, lx: -1, ly: 0 },
    { vx: minX, vy: maxY, ax: -1, ay: 0, lx: 0, ly: -1 },
    { vx: minX, vy: minY, ax: 0, ay: -1, lx: 1, ly: 0 },
  ];
  const at = (/** @type {typeof corners[0]} */ c, /** @type {number} */ u, /** @type {number} */ v) =>
    p(c.vx - c.ax * u + c.lx * v, c.vy - c.ay * u + c.ly * v);
  const halfShort = Math.min(maxX - minX, maxY - minY) / 2;
  if (!(cornerRadius > 0) || !(halfShort > 0)) {
    return [`M ${p(minX, minY)}`, ...corners.slice(0, 3).map((c) => `L ${p(c.vx, c.vy)}`), "Z"].join(" ");
  }
  const limit = halfShort / CONTINUOUS_CORNER[0][0];
  const continuous = cornerCurve === "continuous" && cornerRadius <= limit;
  const radius = continuous ? cornerRadius : Math.min(cornerRadius, halfShort);
  const extent = continuous ? CONTINUOUS_CORNER[0][0] * radius : radius;
  const parts = [`M ${at(corners[3], 0, extent)}`];
  for (const c of corners) {
    parts.push(`L ${at(c, extent, 0)}`);
    if (continuous) {
      const q = CONTINUOUS_CORNER.map(([u, v]) => at(c, u * radius, v * radius));
      parts.push(`C ${q[1]} ${q[2]} ${q[3]}`, `L ${q[4]}`, `C ${q[5]} ${q[6]} ${q[7]}`, `L ${q[8]}`, `C ${q[9]} ${q[10]} ${q[11]}`);
    } else {
      parts.push(`A ${pathNumber(radius)},${pathNumber(radius)} 0 0 1 ${at(c, 0, radius)}`);
    }
  }
  parts.push("Z");
  return parts.join(" ");
}

/**
 * A mask as a CSS `clip-path`: its own path when it has one, else its rounded rect with its corner
 * curve, in the layer's own coordinates (the element's border box); "none" without a mask.
 * @param {MaskState | null | undefined} mask
 * @returns {string}
 */
export function maskClipPath(mask) {
  if (!mask) return "none";
  return `path('${mask.path || roundedRectPath(mask.rect, mask.cornerRadius, mask.cornerCurve)}')`;
}

/**
 * A layer state's CSS: where its box goes, its transform about the centre, opacity, corner radius,
 * mask and shadow. Pure: the style values `applyFrame` sets.
 * @param {LayerState} state
 * @param {Rect | undefined} frame the layer's frame in `layers` (the state's own `frame` wins)
 * @returns {Record<string, string>}
 */
export function layerStyle(state, frame) {
  const t = state.transform;
  /** @type {Record<string, string>} */
  const style = {
    transform: `matrix(${t.a}, ${t.b}, ${t.c}, ${t.d}, ${t.tx}, ${t.ty})`,
    transformOrigin: "50% 50%",
    opacity: String(state.opacity),
    borderRadius: state.cornerRadius + "px",
    clipPath: maskClipPath(state.mask),
    boxShadow: state.shadow
      ? `${state.shadow.offset.x}px ${state.shadow.offset.y}px ${state.shadow.radius}px rgba(0,0,0,${state.shadow.opacity})`
      : "none",
  };
  const box = state.frame || frame;
  if (box) Object.assign(style, { left: box.x + "px", top: box.y + "px", width: box.width + "px", height: box.height + "px" });
  return style;
}

/**
 * Draws a frame onto DOM elements by layer id. Each element should be absolutely positioned in a
 * container whose origin is the window's; a layer without an element is skipped.
 * @param {Frame} frame
 * @param {LayerElements} elements a Map or object from layer id to element
 * @param {ApplyFrameOptions} [options] `layers`: the answer's layer descriptions, for their frames
 */
export function applyFrame(frame, elements, options = {}) {
  /** @type {Map<string, Rect>} */
  const frames = new Map((options.layers || []).map((layer) => [layer.id, layer.frame]));
  const lookup = elements instanceof Map ? (/** @type {string} */ id) => elements.get(id)
    : (/** @type {string} */ id) => /** @type {Record<string, HTMLElement>} */ (elements)[id];
  for (const [id, state] of Object.entries(frame.layers)) {
    const element = lookup(id);
    if (element) Object.assign(element.style, layerStyle(state, frames.get(id)));
  }
}

// Types of Segue's browser SDK (GET /sdk/segue.js), named after openapi.yaml's schemas
// (GET /openapi.yaml). Lengths are points, times seconds, velocities points per second.

// ================================================================ geometry

/** A point or vector, as `CGPoint`. */
export interface Point { x: number; y: number; }
/** A size, points, as `CGSize`. */
export interface Size { width: number; height: number; }
/** A rectangle, points, as `CGRect` (origin at the top-left, y downward). */
export interface Rect { x: number; y: number; width: number; height: number; }
/** A 2-D affine transform as `CGAffineTransform`, applied about a layer's centre; tx, ty in points. */
export interface AffineTransform { a: number; b: number; c: number; d: number; tx: number; ty: number; }
/** `continuous` is Apple's squircle corner (`CALayerCornerCurve.continuous`); `circular` a quarter circle. */
export type CornerCurve = "continuous" | "circular";

// ================================================================ problems

/** One invalid field: its JSON Pointer into the request (or drive message) and a sentence. */
export interface FieldError { pointer: string; detail: string; }

/** An RFC 9457 problem, as every error answer's application/problem+json body. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  requestId?: string;
  allow?: string[];
  limit?: number;
  retryAfter?: number;
  errors?: FieldError[];
}

/** Thrown by every call that fails, and emitted as a drive session's `problem`. */
export declare class SegueProblem extends Error {
  constructor(problem: Problem);
  readonly problem: Problem;
  readonly type: string;
  readonly title: string;
  /** The HTTP status; 0 when no answer came (a network error). */
  readonly status: number;
  readonly detail: string;
  /** Each invalid field, by JSON Pointer; empty when the problem names none. */
  readonly errors: FieldError[];
}

/** Status, title and detail, then each field error as `pointer: detail`, one a line. */
export declare function problemMessage(problem: Problem): string;
/** The problem an error answer carries, from its status, Content-Type and body text. */
export declare function parseProblem(status: number, contentType: string | null, text: string): SegueProblem;

// ================================================================ requests and answers

export type SamplePhase = "began" | "changed" | "ended" | "cancelled";
/** One touch sample: t seconds, x and y window points. */
export interface GestureSample { t: number; x: number; y: number; phase: SamplePhase; }
export interface GestureTrack { samples: GestureSample[]; }

/** The body of `POST /v1/simulate`: a preset (or a `transition` document), scene, parameters, gesture. */
export interface SimulateRequest {
  preset?: string;
  transition?: TransitionDocument;
  scene?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  gesture?: GestureTrack;
  frameRate?: number;
  output?: "json" | "svg" | "svg-animated" | "lottie" | "css" | "waapi" | string;
  [key: string]: unknown;
}

/** A transition written as a document (docs/transitions.md); opaque to the SDK. */
export type TransitionDocument = Record<string, unknown>;

/** A layer taking part in the transition. */
export interface LayerDescription {
  id: string;
  role: string;
  /** Its frame in the window at the start, points. */
  frame: Rect;
  kind: "solid" | "image" | "content";
  /** `#rrggbbaa`. */
  fill: string;
}

export interface MaskState {
  /** In the layer's own, untransformed coordinates. */
  rect: Rect;
  cornerRadius: number;
  cornerCurve: CornerCurve;
  /** SVG path data for a mask that is not a rounded rect; `rect` is then its bounding box. */
  path?: string;
}

export interface ShadowState { opacity: number; radius: number; offset: Point; }

/** What one layer shows at one moment. */
export interface LayerState {
  /** The layout frame, only while it differs from the layer's `layers` frame. */
  frame?: Rect;
  transform: AffineTransform;
  presentationFrame: Rect;
  opacity: number;
  cornerRadius: number;
  mask: MaskState | null;
  shadow?: ShadowState;
}

/** One frame of a simulation (openapi.yaml's SimulationFrame). */
export interface Frame {
  /** Seconds from the first frame's time. */
  time: number;
  phase: "interactive" | "animating" | "settled";
  progress: number;
  layers: Record<string, LayerState>;
  annotations?: Record<string, number | string>;
}

/** How frames are written: `full`, every layer's every member; `compact`, what changed since the frame before. */
export type FrameEncoding = "full" | "compact";

/** The members of a layer's state that changed since the frame before (openapi.yaml's LayerStateChange). */
export type LayerStateChange = Partial<Omit<LayerState, "shadow">> & {
  /** null: the layer's shadow went away. */
  shadow?: ShadowState | null;
};

/** A frame of a compact stream (openapi.yaml's CompactSimulationFrame): the layers that changed. */
export interface CompactFrame {
  time: number;
  phase: Frame["phase"];
  progress: number;
  layers: Record<string, LayerStateChange>;
  annotations?: Record<string, number | string>;
}

/** A compact frame in full, laid over the full frame before it (null for the first, sent in full). */
export declare function expandFrame(previous: Frame | null, frame: CompactFrame, layers: LayerDescription[]): Frame;
/** Every frame of a compact stream in full, the first laid over `previous` (default: none, it is in full). */
export declare function expandFrames(frames: CompactFrame[], layers: LayerDescription[], previous?: Frame | null): Frame[];

/** What the release decided. */
export interface Decision {
  outcome: "finish" | "cancel";
  time: number;
  rule: string;
  inputs: { translation: Point; velocity: Point; progress: number; ruleProgress?: number; source?: string; scrollOffset?: number; };
  explanation: string;
}

export interface SimulationEvent { time: number; type: "began" | "released" | "finished" | "cancelled"; }

/** `POST /v1/simulate`'s JSON answer (openapi.yaml's SimulateResponse). */
export interface Simulation {
  preset: string;
  frameRate: number;
  duration: number;
  open: boolean;
  scene: Record<string, unknown>;
  transition?: TransitionDocument;
  layers: LayerDescription[];
  decision: Decision | null;
  events: SimulationEvent[];
  frames: Frame[];
}

export interface DecisionSpan { min?: number; max?: number; steps?: number; }

/** The body of `POST /v1/decisions`. */
export interface DecisionsRequest {
  preset?: string;
  transition?: TransitionDocument;
  scene?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  translation?: DecisionSpan;
  velocity?: DecisionSpan;
  release?: { translation: number; velocity: number; };
  output?: "json" | "svg";
}

export interface DecisionAxis { min: number; max: number; steps: number; values: number[]; }
export interface DecisionPoint { translation: number; velocity: number; }

/** `POST /v1/decisions`'s JSON answer (openapi.yaml's DecisionsResponse). */
export interface Decisions {
  preset: string;
  axis: Point;
  translation: DecisionAxis;
  velocity: DecisionAxis;
  /** A row per velocity, a character per translation: `f` finish, `c` cancel. */
  outcomes: string[];
  boundary: DecisionPoint[][];
  probes: number;
  release?: {
    translation: number; velocity: number; outcome: "finish" | "cancel"; rule: string; progress: number;
    explanation: string; summary: string;
    margin: { velocityBelow: number | null; velocityAbove: number | null; translationBelow: number | null; translationAbove: number | null; };
  };
}

/** A curve for `POST /v1/curves`: named, cubicBezier or one of the spring forms (openapi.yaml's Curve). */
export type Curve = { type: string; [key: string]: unknown };

/** The body of `POST /v1/curves`. */
export interface CurvesRequest { curve: Curve; frameRate?: number; from?: number; to?: number; code?: string[] | string; }

export interface CurveSample { time: number; value: number; velocity: number; }

/** `POST /v1/curves`'s answer (openapi.yaml's CurvesResponse). */
export interface Curves {
  form: "named" | "cubicBezier" | "uikit" | "physical" | "response" | "perceptual" | "origami";
  frameRate: number;
  from: number;
  to: number;
  duration: number;
  controlPoints?: [number, number, number, number];
  settlingDuration?: number;
  spring?: Record<string, unknown>;
  code?: Record<string, unknown>;
  samples: CurveSample[];
}

export interface PresetSummary { id: string; [key: string]: unknown; }
export interface PresetList { presets: PresetSummary[]; }
export interface PresetDetail { id: string; interactive?: boolean; exampleGesture?: GestureTrack; [key: string]: unknown; }

// ================================================================ the client

export interface SegueOptions {
  /** The server, e.g. `http://127.0.0.1:8080`; default: the page's origin. */
  baseURL?: string;
  /** The fetch to call (default: the global one). */
  fetch?: typeof fetch;
  /** The WebSocket constructor for drive sessions (default: the global one; none: polling). */
  WebSocket?: typeof WebSocket;
}

/** The URL and fetch options of one call. */
export declare function buildRequest(baseURL: string, method: "GET" | "POST", path: string, body?: unknown): { url: string; init: RequestInit };

export declare class Segue {
  constructor(options?: SegueOptions);
  readonly baseURL: string;
  readonly driveURL: string;
  /** The parsed JSON answer (the text of a non-JSON one, such as `output: "svg"`), or a thrown SegueProblem. */
  request(method: "GET" | "POST", path: string, body?: unknown): Promise<any>;
  /** `output` "svg", "svg-animated" or "css": the answer's text (an SVG image, an HTML page). */
  simulate(body: SimulateRequest & { output: "svg" | "svg-animated" | "css" }): Promise<string>;
  /** `output` "lottie" or "waapi": the parsed export (a Lottie animation, Web Animations keyframes). */
  simulate(body: SimulateRequest & { output: "lottie" | "waapi" }): Promise<Record<string, unknown>>;
  simulate(body: SimulateRequest | string): Promise<Simulation>;
  decisions(body: DecisionsRequest | string): Promise<Decisions>;
  curves(body: CurvesRequest | string): Promise<Curves>;
  presets(): Promise<PresetList>;
  preset(id: string): Promise<PresetDetail>;
  drive(start: DriveStart, options?: DriveOptions): DriveSession;
}

// ================================================================ live drive

/** A drive session's start: as SimulateRequest without the gesture, and how the settle is paced. */
export interface DriveStart {
  type?: "start";
  preset?: string;
  transition?: TransitionDocument;
  scene?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  frameRate?: number;
  pace?: "asap" | "realtime";
  /** As `DriveOptions.encoding`. */
  encoding?: FrameEncoding;
}

export interface DriveOptions {
  /** `socket` (default): the drive socket, polling if it cannot open; `poll`: POST /v1/simulate only. */
  transport?: "socket" | "poll";
  /**
   * How the server writes the frames it sends: `full` (default) or `compact` (only what changed
   * since the frame before, far fewer bytes). The session expands compact frames, so its events
   * and `frames` are full frames either way.
   */
  encoding?: FrameEncoding;
}

export interface DriveStarted { type: "started"; layers: LayerDescription[]; frameRate: number; }
export interface DriveFrame { type: "frame"; frame: Frame; }
export interface DriveDecision { type: "decision"; decision: Decision; }
export interface DriveSettled { type: "settled"; duration: number; events: SimulationEvent[]; }
export interface DriveProblem { type: "problem"; problem: SegueProblem; }
/** What a session emits, in order: started, frames, at the release the decision, then settled. */
export type DriveEvent = DriveStarted | DriveFrame | DriveDecision | DriveSettled | DriveProblem;

export declare class DriveSession implements AsyncIterable<DriveEvent> {
  /** Made by `Segue.drive(start, options)`, which opens it; not meant to be called directly. */
  constructor(client: Segue, start: DriveStart, options: DriveOptions);
  /** `socket`, or `poll` once the socket could not open. */
  readonly transport: "socket" | "poll";
  readonly samples: GestureSample[];
  readonly frames: Frame[];
  readonly layers: LayerDescription[] | null;
  readonly done: boolean;
  on(type: "started", listener: (value: { layers: LayerDescription[]; frameRate: number }) => void): () => void;
  on(type: "frame", listener: (frame: Frame) => void): () => void;
  on(type: "decision", listener: (decision: Decision) => void): () => void;
  on(type: "settled", listener: (value: { duration: number; events: SimulationEvent[] }) => void): () => void;
  on(type: "problem", listener: (problem: SegueProblem) => void): () => void;
  /** More of the gesture, after the samples already sent. */
  send(samples: GestureSample[]): void;
  /** Ends the session and its iterator. */
  end(): void;
  [Symbol.asyncIterator](): AsyncIterator<DriveEvent>;
}

// ================================================================ recording the finger

/** A pointer event as the coalescer takes it: x, y already element-local points. */
export interface PointerInput {
  type: "pointerdown" | "pointermove" | "pointerup" | "pointercancel";
  pointerId: number;
  /** Milliseconds, as `Event.timeStamp`. */
  timeStamp: number;
  x: number;
  y: number;
}

/** Pointer events in, samples out, moves coalesced to one a display frame. */
export declare class SampleCoalescer {
  constructor(onSample: (sample: GestureSample) => void);
  readonly samples: GestureSample[];
  readonly active: boolean;
  input(event: PointerInput): void;
  /** Call once a display frame. */
  frame(): void;
}

export interface RecordPointerOptions {
  /** Each sample as it is made. */
  onSample?: (sample: GestureSample) => void;
  /** The whole gesture, once the finger lifts. */
  onEnd?: (samples: GestureSample[]) => void;
  /** CSS pixels per point (default: the element's on-screen width over its layout width). */
  scale?: number | (() => number);
  /** Whether a pointerdown starts a gesture (default: every primary-button down). */
  filter?: (event: PointerEvent) => boolean;
}

export interface PointerRecording {
  /** The current (or last) gesture's samples. */
  readonly samples: GestureSample[];
  readonly active: boolean;
  /** Stops listening. */
  stop(): void;
}

export declare function recordPointer(element: HTMLElement, options?: RecordPointerOptions): PointerRecording;

// ================================================================ drawing a frame

export type LayerElements = Map<string, HTMLElement> | Record<string, HTMLElement>;
export interface ApplyFrameOptions {
  /** The answer's layers (`started` or Simulation), for the frames of layers whose state has none. */
  layers?: LayerDescription[];
}

/** The continuous corner's twelve points, `[u, v]` in radii. */
export declare const CONTINUOUS_CORNER: number[][];
/** A number as Segue's SVG paths write it (a millionth, shortest). */
export declare function pathNumber(value: number): string;
/** A rounded rect's outline as SVG path data, as the server's RoundedRectangle.svgPathData. */
export declare function roundedRectPath(rect: Rect, cornerRadius: number, cornerCurve?: CornerCurve): string;
/** A mask as a CSS clip-path; "none" without one. */
export declare function maskClipPath(mask: MaskState | null | undefined): string;
/** The CSS a layer state sets. */
export declare function layerStyle(state: LayerState, frame: Rect | undefined): Record<string, string>;
/** Draws a frame onto elements by layer id. */
export declare function applyFrame(frame: Frame, elements: LayerElements, options?: ApplyFrameOptions): void;

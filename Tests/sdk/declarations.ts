// The declarations (segue.d.ts) against the implementation (segue.js as its JSDoc types it):
// scripts/sdk-check copies segue.js beside segue.d.ts under another name, so that this file's
// first import is the implementation and its second the declarations, and tsc checks that the
// module as written can stand wherever the declarations promise it.
import * as implementation from "./segue-implementation.js";
import type * as declared from "./segue";

export const checked: typeof declared = implementation;

// `simulate` answers by its output: text, a parsed export, or a Simulation.
declare const client: declared.Segue;
export const svg: Promise<string> = client.simulate({ preset: "instagram.pop", output: "svg" });
export const page: Promise<string> = client.simulate({ preset: "instagram.pop", output: "css" });
export const lottie: Promise<Record<string, unknown>> = client.simulate({ preset: "instagram.pop", output: "lottie" });
export const simulation: Promise<declared.Simulation> = client.simulate({ preset: "instagram.pop" });

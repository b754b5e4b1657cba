// negotiator (jshttp, the HTTP content negotiation of express and socket.io) ships no types; only
// what the gateway uses.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** the best of `available` for the request's Accept-Language, or undefined when none is acceptable */
    language(available?: readonly string[]): string | undefined;
  }
}

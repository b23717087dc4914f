/**
 * A glob as a finite automaton, matched in time linear in the path's length whatever the pattern.
 *
 * Why not a regular expression: V8's engine backtracks, and globs translate to ambiguous expressions
 * (`*a*a*a*a*a*a*b` is `[^/]*a[^/]*a…b`, stacked `**` segments are nested stars), which take seconds to
 * minutes on one long name or one deep path. The model chooses Glob's and Grep's globs and a cloned
 * repository chooses the names, so a regular expression would let a hostile repository stall the event loop.
 *
 * The pattern is compiled to a Thompson NFA, and the NFA is run as a DFA built lazily: each set of NFA states
 * reached is numbered once and its transitions are cached per character, so a path costs one table lookup per
 * character once the sets it passes through are known (RE2's approach, with its bound on the cache).
 */

/** What one character of the path must be to take an edge. */
export type CharTest = (code: number) => boolean;

/** A pattern as a sequence of parts; `alternatives` is `{a,b}`. */
export type GlobPart =
  | { kind: "char"; test: CharTest }
  | { kind: "repeat"; test: CharTest }
  | { kind: "segments" }
  | { kind: "alternatives"; options: GlobPart[][] };

const SLASH = 47;
const notSlash: CharTest = (code) => code !== SLASH;
const isSlash: CharTest = (code) => code === SLASH;
/** DFA states kept before the cache starts again (bounds memory for a pattern run over many paths). */
const MAX_DFA_STATES = 1_000;
/**
 * Cache restarts after which an automaton stops building DFA states: a pattern like `*a????????????` has
 * more state sets than any cache holds, and rebuilding them per path costs far more than simulating the NFA.
 */
const MAX_RESTARTS = 2;

interface Move {
  test: CharTest;
  to: number;
}

/** `DfaState.ascii`'s value for a transition not computed yet. */
const UNKNOWN = -2;
/** …and for one that no path matches from. */
const DEAD = -1;

interface DfaState {
  states: Int32Array;
  accepting: boolean;
  /** Next DFA state per ASCII character code (paths are mostly ASCII), `UNKNOWN` or `DEAD`. */
  ascii: Int32Array;
  /** The same for other character codes. */
  other: Map<number, number>;
}

/** A compiled glob: `test(path)` as a RegExp's, in linear time. */
export class GlobAutomaton {
  private readonly moves: Move[][] = [];
  private readonly empty: number[][] = [];
  private readonly start: number;
  private readonly accept: number;
  private dfa: DfaState[] = [];
  private readonly dfaByKey = new Map<string, number>();
  private readonly seen: Int32Array;
  private generation = 0;
  private restarts = 0;

  /** `maxStates`: DFA states kept before the cache starts again (a test makes it small). */
  constructor(
    parts: readonly GlobPart[],
    private readonly maxStates = MAX_DFA_STATES,
  ) {
    const { start, end } = this.sequence(parts);
    this.start = start;
    this.accept = end;
    this.seen = new Int32Array(this.moves.length);
  }

  test(path: string): boolean {
    if (this.restarts >= MAX_RESTARTS) return this.testWithoutCache(path);
    let current = this.startState();
    for (let index = 0; index < path.length; index++) {
      const code = path.charCodeAt(index);
      const state = this.dfa[current] as DfaState;
      let next = code < 128 ? (state.ascii[code] as number) : (state.other.get(code) ?? UNKNOWN);
      if (next === UNKNOWN) {
        next = this.step(state, code);
        // A cache reset renumbers states: the one we were in is gone, so start over from the new numbering.
        if (this.dfa[current] !== state) return this.testWithoutCache(path);
        if (code < 128) state.ascii[code] = next;
        else state.other.set(code, next);
      }
      if (next === DEAD) return false;
      current = next;
    }
    return (this.dfa[current] as DfaState).accepting;
  }

  /** The NFA simulated directly, nothing kept: when the cache overflowed mid-path, or keeps overflowing. */
  private testWithoutCache(path: string): boolean {
    let states = this.closure([this.start]);
    for (let index = 0; index < path.length && states.length > 0; index++)
      states = this.closure(this.targets(states, path.charCodeAt(index)));
    return states.includes(this.accept);
  }

  private startState(): number {
    if (this.dfa.length === 0) return this.intern(this.closure([this.start]));
    return 0;
  }

  private step(state: DfaState, code: number): number {
    const targets = this.targets(state.states, code);
    if (targets.length === 0) return DEAD;
    if (this.dfa.length >= this.maxStates) {
      this.dfa = [];
      this.dfaByKey.clear();
      this.restarts += 1;
      this.startState();
    }
    return this.intern(this.closure(targets));
  }

  private targets(states: ArrayLike<number>, code: number): number[] {
    const targets: number[] = [];
    for (let index = 0; index < states.length; index++)
      for (const move of this.moves[states[index] as number] as Move[])
        if (move.test(code)) targets.push(move.to);
    return targets;
  }

  private intern(states: number[]): number {
    states.sort((left, right) => left - right);
    const key = states.join(",");
    const known = this.dfaByKey.get(key);
    if (known !== undefined) return known;
    const id = this.dfa.length;
    this.dfa.push({
      states: Int32Array.from(states),
      accepting: states.includes(this.accept),
      ascii: new Int32Array(128).fill(UNKNOWN),
      other: new Map(),
    });
    this.dfaByKey.set(key, id);
    return id;
  }

  /** Every state reachable from `from` without reading a character. */
  private closure(from: readonly number[]): number[] {
    this.generation += 1;
    const out: number[] = [];
    const stack = [...from];
    while (stack.length > 0) {
      const state = stack.pop() as number;
      if (this.seen[state] === this.generation) continue;
      this.seen[state] = this.generation;
      out.push(state);
      for (const to of this.empty[state] as number[]) stack.push(to);
    }
    return out;
  }

  private state(): number {
    this.moves.push([]);
    this.empty.push([]);
    return this.moves.length - 1;
  }

  private sequence(parts: readonly GlobPart[]): { start: number; end: number } {
    const start = this.state();
    let end = start;
    for (const part of parts) {
      const next = this.part(part);
      (this.empty[end] as number[]).push(next.start);
      end = next.end;
    }
    return { start, end };
  }

  private part(part: GlobPart): { start: number; end: number } {
    const start = this.state();
    const end = this.state();
    const empty = this.empty[start] as number[];
    const moves = this.moves[start] as Move[];
    switch (part.kind) {
      case "char":
        moves.push({ test: part.test, to: end });
        break;
      case "repeat":
        moves.push({ test: part.test, to: start });
        empty.push(end);
        break;
      case "segments": {
        // (?:[^/]*/)*: from `start`, either stop, or read a name (possibly empty) and its slash, and again.
        const inName = this.state();
        empty.push(end, inName);
        (this.moves[inName] as Move[]).push({ test: notSlash, to: inName }, { test: isSlash, to: start });
        break;
      }
      case "alternatives":
        for (const option of part.options) {
          const branch = this.sequence(option);
          empty.push(branch.start);
          (this.empty[branch.end] as number[]).push(end);
        }
        break;
    }
    return { start, end };
  }
}

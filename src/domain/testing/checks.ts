// Helpers of the domain's tests (vitest's globals; no imports, so the domain stays pure).

/** A yes-or-no check: its name, what it does, the check, the values it accepts, those it refuses. */
export type YesNoCheck = [string, string, (value: string) => boolean, string[], string[]];

/** One test per check: it says yes to each accepted value and no to each refused one. */
export function describeYesNoChecks(checks: YesNoCheck[]) {
  for (const [name, what, check, accepted, refused] of checks) {
    describe(name, () => {
      it(what, () => {
        for (const value of accepted) expect(check(value), value).toBe(true);
        for (const value of refused) expect(check(value), value).toBe(false);
      });
    });
  }
}

/** One test per case: `f` of the case's input is the value beside it (`toBe`, so NaN matches NaN). */
export function itMaps<I, O>(what: string, f: (input: I) => O, cases: readonly (readonly [I, O])[]) {
  for (const [input, expected] of cases) {
    it(`${what}: ${JSON.stringify(input)}`, () => expect(f(input)).toBe(expected));
  }
}

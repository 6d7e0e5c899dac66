/** The error of class `kind` that `run` throws; the test fails when it throws nothing or another error. */
export function thrown<E extends Error>(kind: abstract new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`Expected a ${kind.name}; nothing was thrown.`);
}

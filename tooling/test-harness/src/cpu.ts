/**
 * A clock of this process's CPU time (user + system, all its threads), for hang and blow-up guards:
 * `const cpuMs = cpuClock(); …; expect(cpuMs()).toBeLessThan(limit)`. Unlike the wall clock it does
 * not count the time a loaded machine makes the test wait for a core.
 */
export function cpuClock(): () => number {
  const before = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
}

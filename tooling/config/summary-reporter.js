// Prints one plain closing line, "N passed, N failed, N skipped", after vitest's own summary,
// so CI logs end with a count any reader understands.
export default class SummaryReporter {
  onTestRunEnd(testModules) {
    let passed = 0, failed = 0, skipped = 0;
    for (const mod of testModules) {
      if (mod.state() === 'failed' && ![...mod.children.allTests()].length) failed++;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

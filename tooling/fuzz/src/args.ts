// `pnpm fuzz` command-line arguments → run options.
import path from 'node:path';
import type { Options } from './main.js';
import { FORMAT_IDS, type FormatId } from './types.js';

export function parseArgs(argv: string[], repoRoot: string): { options: Options; replayDir?: string } {
  const long = process.env.RELIC3D_FUZZ === 'long';
  const options: Options = {
    formats: [...FORMAT_IDS],
    count: long ? 1_000_000 : 10_000,
    runSeed: Number(process.env.RELIC3D_FUZZ_SEED ?? 1),
    long,
    jobs: 1,
    out: path.join(repoRoot, 'tooling/fuzz/out'),
    validate: true,
    coverage: true,
    hangMs: 30_000,
    batch: 500,
    heapMb: 2048,
    savePerSignature: 3,
    quiet: false,
    stress: true,
    seeds: 'all',
  };
  let replayDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--format') {
      options.formats = value().split(',') as FormatId[];
      for (const f of options.formats) if (!FORMAT_IDS.includes(f)) throw new Error(`unknown format ${f} (one of ${FORMAT_IDS.join(', ')})`);
    } else if (arg === '--count') options.count = Number(value());
    else if (arg === '--seed') options.runSeed = Number(value());
    else if (arg === '--jobs') options.jobs = Number(value());
    else if (arg === '--from') options.from = Number(value());
    else if (arg === '--to') options.to = Number(value());
    else if (arg === '--out') options.out = path.resolve(value());
    else if (arg === '--no-validate') options.validate = false;
    else if (arg === '--no-validator') options.validate = 'export';
    else if (arg === '--no-coverage') options.coverage = false;
    else if (arg === '--hang-ms') options.hangMs = Number(value());
    else if (arg === '--heap-mb') options.heapMb = Number(value());
    else if (arg === '--only') options.only = Number(value());
    else if (arg === '--replay') replayDir = value();
    else if (arg === '--quiet') options.quiet = true;
    else if (arg === '--no-stress') options.stress = false;
    else if (arg === '--stress-only') options.stress = 'only';
    else if (arg === '--seeds') {
      const v = value();
      if (v !== 'all' && v !== 'corpus' && v !== 'synthetic') throw new Error('--seeds takes all, corpus or synthetic');
      options.seeds = v;
    }
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (!(options.count > 0) || !Number.isInteger(options.count)) throw new Error('--count needs a positive integer');
  if (!((options.jobs ?? 1) >= 1) || !Number.isInteger(options.jobs ?? 1)) throw new Error('--jobs needs a positive integer');
  return { options, replayDir };
}

const USAGE = `pnpm fuzz [--format ms3d,ase,o3d,mdl,lod] [--count N] [--seed S] [--jobs N] [--out DIR] [--no-validate | --no-validator]
           [--no-coverage] [--no-stress | --stress-only] [--seeds all|corpus|synthetic] [--hang-ms MS] [--heap-mb MB]
           [--only INDEX] [--from INDEX] [--to INDEX] [--quiet]
pnpm fuzz --replay DIR          re-run one saved failing input
RELIC3D_FUZZ=long pnpm fuzz     1,000,000 inputs per format
`;

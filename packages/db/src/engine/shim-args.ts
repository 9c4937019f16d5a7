// Command line of the native `schema-engine` binary, as the Prisma CLI calls it:
//   schema-engine [--datamodels <file>]... [--datasource <json>] [--enabled-preview-features a,b]
//                 [--extension-types <json>] [cli <create-database|drop-database|can-connect-to-database>]
//   schema-engine --version
export interface ShimArgs {
  datamodels: string[];
  datasource?: { url?: string; shadowDatabaseUrl?: string };
  cliCommand?: string;
  version: boolean;
}

export function parseShimArgs(argv: string[]): ShimArgs {
  const args: ShimArgs = { datamodels: [], version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--datamodels') args.datamodels.push(value());
    else if (arg === '--datasource') args.datasource = JSON.parse(value()) as ShimArgs['datasource'];
    else if (arg === '--enabled-preview-features' || arg === '--extension-types') value();
    else if (arg === '--version' || arg === '-V') args.version = true;
    else if (arg === 'cli') args.cliCommand = argv[++i];
  }
  return args;
}

// The CLI reads the engine's stderr as JSON lines ({level, target, fields}); an ERROR line from
// target schema_engine::logger with fields.error_code is how `cli` subcommands report P-codes.
export function logLine(
  level: 'INFO' | 'WARN' | 'ERROR',
  message: string,
  extra: Record<string, unknown> = {},
): void {
  process.stderr.write(
    `${JSON.stringify({ timestamp: new Date().toISOString(), level, fields: { message, ...extra }, target: 'schema_engine::logger' })}\n`,
  );
}

/** Engine log callback: the wasm engine already emits JSON lines; pass them on, wrap anything else. */
export function forwardEngineLog(line: string): void {
  const trimmed = line.trim();
  if (!trimmed) return;
  if (trimmed.startsWith('{')) process.stderr.write(`${trimmed}\n`);
  else logLine('INFO', trimmed);
}

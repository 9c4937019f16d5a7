import { createContext } from 'react';
import type { ShellConfig } from '@noek/contracts';
import { fallbackShellConfig } from './runtime-config';

/** The /config.json the shell started with, for anything below the providers that needs it. */
export const ShellConfigContext = createContext<ShellConfig>(fallbackShellConfig);

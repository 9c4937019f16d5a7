export * from './shell-config.schema';
export * from './remotes-manifest.schema';
export * from './toast.schema';
export * from './remote-props';
export * from './site-meta';

/// <reference types="vite/client" />

/** The id of this UI build, also written to dist/build.json for the server. */
declare const __BUILD_ID__: string;

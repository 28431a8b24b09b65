/** A reason not to start that the operator can fix; its message is the whole story (main.ts prints it alone). */
export class StartupError extends Error {}

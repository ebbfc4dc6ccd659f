/** Types for scripts/source-node.mjs, so the TypeScript configs can import it. */
export declare const SOURCE_NODE_ARGS: string[];

/**
 * Limits on what one GraphQL request may ask for, so a single request cannot make the server parse,
 * validate or execute without bound. Our real operations are two fields deep with no aliases; the
 * numbers leave generous room for partners' own queries. Each refusal is a GraphQL error with its
 * own `extensions.code` (docs/security.md).
 */
import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  parse,
  type SelectionSetNode,
  type Source,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export const GRAPHQL_LIMITS = {
  /** Request body (POST) in bytes; above it the answer is HTTP 413. */
  bodyBytes: 16 * 1024,
  /** Lexer tokens in one document; the parser stops at the first one over. */
  tokens: 1000,
  /** Nested selection levels in one operation (fragments followed). */
  depth: 8,
  /** Aliased fields in one document. */
  aliases: 10,
} as const;

/** graphql's parse with the token limit; the error carries the code QUERY_TOO_LARGE. */
export function parseWithLimits(source: string | Source): DocumentNode {
  try {
    return parse(source, { maxTokens: GRAPHQL_LIMITS.tokens });
  } catch (error) {
    if (error instanceof GraphQLError && /contains more tha[nt] \d+ tokens/.test(error.message)) {
      throw new GraphQLError(`The query is too large: at most ${GRAPHQL_LIMITS.tokens} tokens are allowed.`, {
        extensions: { code: 'QUERY_TOO_LARGE' },
      });
    }
    throw error;
  }
}

export function depthLimit(max: number = GRAPHQL_LIMITS.depth): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    // A fragment's depth does not depend on where it is spread, so each is measured once. Cycles are
    // reported by graphql's own NoFragmentCycles rule; here they count as 0 so measuring ends.
    const measured = new Map<string, number>();
    const depthOf = (set: SelectionSetNode, visiting: Set<string>): number => {
      let deepest = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(selection.selectionSet, visiting) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, visiting));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          if (!fragment || visiting.has(name)) continue;
          if (!measured.has(name)) {
            visiting.add(name);
            measured.set(name, depthOf(fragment.selectionSet, visiting));
            visiting.delete(name);
          }
          deepest = Math.max(deepest, measured.get(name) ?? 0);
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > max) {
          context.reportError(
            new GraphQLError(`The query is too deep: ${depth} levels, at most ${max} are allowed.`, {
              nodes: node,
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          );
        }
      },
    };
  };
}

export function aliasLimit(max: number = GRAPHQL_LIMITS.aliases): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === max + 1) {
          context.reportError(
            new GraphQLError(`The query uses too many aliases: at most ${max} are allowed.`, {
              nodes: node,
              extensions: { code: 'TOO_MANY_ALIASES' },
            }),
          );
        }
      },
    };
  };
}

import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

// A lone UTF-16 surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a piece of text PostgreSQL is to store, or null when nothing is. */
export function textProblem(text: string): string | null {
  // PostgreSQL refuses NUL in text outright: deep in a query that would be a 500
  if (text.includes('\u0000')) return '不能包含空字符 (U+0000)';
  // pg would send a lone surrogate as U+FFFD: the stored text would silently differ from the sent
  if (LONE_SURROGATE.test(text)) return '含有不成对的代理字符，不是合法的 Unicode 文本';
  return null;
}

/**
 * The first string (or object key) anywhere in a parsed input that PostgreSQL cannot store
 * faithfully, with its path (search.0.val). Walks with an explicit stack: a 2 MB body can nest
 * deeper than the call stack goes.
 */
export function findBadText(input: unknown): { path: string; problem: string } | null {
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, problem };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const keyProblem = textProblem(key);
        if (keyProblem) return { path: childPath, problem: keyProblem };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Refuses such text in the path, query, body and headers with a 400 naming where it was. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      const bad = findBadText(input);
      if (bad) throw badRequest(bad.path ? `参数 ${bad.path} 错误: ${bad.problem}` : `请求体错误: ${bad.problem}`, bad.path || undefined);
    }
    const header = findBadText(request.headers);
    if (header) throw badRequest(`请求头 ${header.path} 错误: ${header.problem}`, header.path);
  });
}

/**
 * Codemod (issue 46 §5): wraps the staff app's user-visible English strings in `t()` from
 * src/lib/i18n.ts, so they can be extracted (`npm run i18n -w @grocer/staff`) and translated later.
 * What it wraps: JSX text; the attributes that show words (label, placeholder, title, aria-label,
 * alt, hint, description, empty…); toast and confirm/alert/prompt texts; the `header`/`label`/
 * `title`… properties of objects (DataTable columns, navigation). A JSX run such as
 * `Showing {from}–{to} of {total}` becomes ONE message with named values when its expressions are
 * simple (a name, a property, a call, typed string or number); `x === 1 ? '' : 's'` inside a
 * message becomes an ICU plural. Code-like strings (routes, ids, class names, keys) are left alone.
 *
 * Idempotent: what is already in `t()`/`msg()` is skipped, so it can be run again after new screens.
 * A local `t` (a `.map((t) => …)` parameter) in a file that needs the import is renamed first.
 *
 * Usage: npm run i18n:wrap -w @grocer/staff [-- <files or folders> !<folder to leave out>]
 * A file changed by someone else while it runs is left alone (it says so): run it again.
 * Then `npx prettier --write` the files it names, and `npm run i18n -w @grocer/staff`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { WORD_ATTRIBUTES } from './word-attributes.js';

const root = path.join(import.meta.dirname, '..');
const src = path.join(root, 'src');
const i18nModule = path.join(src, 'lib', 'i18n.ts');

/** JSX attributes whose string is shown to the person (or read by a screen reader). */
const ATTRIBUTES = new Set(WORD_ATTRIBUTES);
/** Object properties whose string is shown (DataTable columns' `header`, navigation `label`s…). */
const PROPERTIES = new Set(['header', 'label', 'title', 'description', 'placeholder', 'hint', 'empty', 'heading', 'intro', 'note']);
/** Elements whose text is code, not words. */
const CODE_ELEMENTS = new Set(['code', 'kbd', 'pre', 'samp', 'style', 'script']);
/** Calls whose first argument is shown: toasts and the browser's dialogs. */
const SHOWN_CALLS = /^(toast(\.(success|error|info|warning|message|loading))?|(window\.)?(confirm|alert|prompt))$/;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  middot: '·',
  rarr: '→',
  larr: '←',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  times: '×',
};

const hasWords = (s: string) => /\p{L}/u.test(s);
/** A string that is code rather than words: a path, an address, an email, a key. */
const codeLike = (s: string) => !hasWords(s) || (/^\S+$/.test(s) && /[/@_]|:\/\/|\.\p{L}/u.test(s));
/** Text that would break an ICU message. */
const icuUnsafe = (s: string) => /[{}]/.test(s);

function quote(s: string): string {
  if (s.includes("'") && !s.includes('"')) return JSON.stringify(s);
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** JSX text as React renders it: lines trimmed, blank lines dropped, the rest joined by one space; entities decoded. */
function jsxText(raw: string): string | null {
  const lines = raw.split(/\r\n|\n|\r/);
  let out = '';
  lines.forEach((line, i) => {
    let l = line;
    if (i > 0) l = l.replace(/^[ \t]+/, '');
    if (i < lines.length - 1) l = l.replace(/[ \t]+$/, '');
    if (!l) return;
    out += out && i > 0 ? ` ${l}` : l;
  });
  let bad = false;
  const decoded = out.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    const c = ENTITIES[e];
    if (c === undefined) bad = true;
    return c ?? m;
  });
  return bad ? null : decoded;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.end > limit) throw new Error(`overlapping edits at ${e.start}`);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    limit = e.start;
  }
  return out;
}

function program(files: string[]): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  return ts.createProgram({
    rootNames: files.length ? [...new Set([...config.fileNames, ...files])] : config.fileNames,
    options: config.options,
  });
}

/** The files to change: the arguments (files or folders), else all of src; never tests or the i18n module. */
function targets(args: string[]): string[] {
  const all = ts.sys.readDirectory(src, ['.ts', '.tsx']).map((f) => path.resolve(f));
  const given = args.filter((a) => !a.startsWith('!')).map((a) => path.resolve(a));
  const wanted = given.length ? given : [src];
  const skipped = args.filter((a) => a.startsWith('!')).map((a) => path.resolve(a.slice(1)));
  const under = (f: string, dirs: string[]) => dirs.some((w) => f === w || f.startsWith(w + path.sep));
  return all.filter(
    (f) =>
      under(f, wanted) && !under(f, skipped) && !/\.test\.tsx?$/.test(f) && f !== i18nModule && !f.includes(`${path.sep}test${path.sep}`),
  );
}

const isTCall = (n: ts.Node): boolean =>
  ts.isCallExpression(n) && ts.isIdentifier(n.expression) && (n.expression.text === 't' || n.expression.text === 'msg');

/** The wrapping edits of one file (and whether it needs the `t` import). */
function wrapFile(sf: ts.SourceFile, checker: ts.TypeChecker): Edit[] {
  const edits: Edit[] = [];

  /** Whether an expression may be a named value of a message: simple, and a string or number. */
  const simple = (e: ts.Expression): boolean => {
    let x: ts.Expression = e;
    while (ts.isParenthesizedExpression(x) || ts.isNonNullExpression(x)) x = x.expression;
    const shape = (n: ts.Expression): boolean => {
      if (ts.isIdentifier(n)) return true;
      if (ts.isPropertyAccessExpression(n)) return shape(n.expression);
      if (ts.isNonNullExpression(n)) return shape(n.expression);
      if (ts.isElementAccessExpression(n))
        return shape(n.expression) && (ts.isIdentifier(n.argumentExpression) || ts.isLiteralExpression(n.argumentExpression));
      if (ts.isCallExpression(n))
        return !isTCall(n) && shape(n.expression) && n.arguments.every((a) => !ts.isArrowFunction(a) && !ts.isFunctionExpression(a));
      return false;
    };
    if (!shape(x)) return false;
    const type = checker.getTypeAtLocation(x);
    const parts = type.isUnion() ? type.types : [type];
    return parts.every((p) => (p.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike)) !== 0);
  };

  /** A value's name in the message: the last name of the expression (`order.total` → total, `rupees(r.amount_paise)` → amount). */
  const nameOf = (e: ts.Expression, owner = false): string => {
    let x: ts.Expression = e;
    for (;;) {
      if (ts.isParenthesizedExpression(x) || ts.isNonNullExpression(x)) x = x.expression;
      else if (ts.isCallExpression(x)) {
        const arg = x.arguments[0];
        const callee = x.expression.getText(sf);
        if (/^Math\./.test(callee) || !arg) x = ts.isPropertyAccessExpression(x.expression) ? x.expression.expression : x.expression;
        else if (ts.isIdentifier(arg) || ts.isPropertyAccessExpression(arg) || ts.isCallExpression(arg) || ts.isNonNullExpression(arg))
          x = arg;
        else if (ts.isPropertyAccessExpression(x.expression)) x = x.expression.expression;
        else x = x.expression;
      } else if (ts.isElementAccessExpression(x)) x = x.expression;
      else if (ts.isPropertyAccessExpression(x) && (x.name.text === 'length' || owner)) {
        owner = false;
        x = x.expression;
      } else break;
    }
    const raw = ts.isIdentifier(x) ? x.text : ts.isPropertyAccessExpression(x) ? x.name.text : 'value';
    const camel = raw
      .replace(/_(paise|at)$/i, '')
      .replace(/(?<=[a-z])Paise$/, '')
      .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    return camel.replace(/\W/g, '') || 'value';
  };

  type Part = { text: string } | { expr: ts.Expression };
  /** One message from text and expressions: the message and the values object's source. */
  const message = (parts: Part[]): { id: string; values: string } | null => {
    const names = new Map<string, string>(); // expression source → name
    const used = new Set<string>();
    const entries: string[] = [];
    const name = (e: ts.Expression, count = false): string => {
      const source = e.getText(sf);
      const known = names.get(source);
      if (known) return known;
      let n = nameOf(e);
      if (count && used.has(n) && !used.has('count')) n = 'count';
      if (used.has(n) && ts.isPropertyAccessExpression(e)) {
        const o = nameOf(e, true);
        if (o.length > 1 && o !== 'value' && !used.has(`${o}${n[0]!.toUpperCase()}${n.slice(1)}`))
          n = `${o}${n[0]!.toUpperCase()}${n.slice(1)}`;
      }
      for (let i = 2; used.has(n); i++) n = `${nameOf(e)}${i}`;
      used.add(n);
      names.set(source, n);
      const value = expression(e) ?? nested(e) ?? source;
      entries.push(value === n ? n : `${n}: ${value}`);
      return n;
    };
    let id = '';
    for (const p of parts) {
      if ('text' in p) {
        if (icuUnsafe(p.text)) return null;
        id += p.text;
        continue;
      }
      const plural = pluralOf(p.expr);
      if (plural) id += `{${name(plural.count, true)}, plural, one {${plural.one}} other {${plural.other}}}`;
      else id += `{${name(p.expr)}}`;
    }
    if (!hasWords(id.replace(/\{[^{}]*\}/g, ''))) return null;
    return { id, values: entries.length ? `{ ${entries.join(', ')} }` : '' };
  };

  /** `n === 1 ? 'a' : 'b'` (or `n !== 1 ? 'b' : 'a'`, `n > 1`) with string branches: a plural of n. */
  const pluralOf = (e: ts.Expression): { count: ts.Expression; one: string; other: string } | null => {
    let x = e;
    while (ts.isParenthesizedExpression(x)) x = x.expression;
    if (!ts.isConditionalExpression(x)) return null;
    const { whenTrue, whenFalse } = x;
    let cond = x.condition;
    while (ts.isParenthesizedExpression(cond)) cond = cond.expression;
    if (!ts.isStringLiteralLike(whenTrue) || !ts.isStringLiteralLike(whenFalse) || !ts.isBinaryExpression(cond)) return null;
    if (!ts.isNumericLiteral(cond.right) || !simple(cond.left)) return null;
    if (icuUnsafe(whenTrue.text) || icuUnsafe(whenFalse.text) || /#/.test(whenTrue.text + whenFalse.text)) return null;
    const op = cond.operatorToken.kind;
    const one = cond.right.text === '1';
    if (one && (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken))
      return { count: cond.left, one: whenTrue.text, other: whenFalse.text };
    if (
      one &&
      (op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken ||
        op === ts.SyntaxKind.GreaterThanToken)
    )
      return { count: cond.left, one: whenFalse.text, other: whenTrue.text };
    return null;
  };

  const call = (m: { id: string; values: string }) => (m.values ? `t(${quote(m.id)}, ${m.values})` : `t(${quote(m.id)})`);

  /** An expression in a shown place, rewritten with its words wrapped; null when nothing changes. */
  const expression = (e: ts.Expression): string | null => {
    if (isTCall(e)) return null;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
      if (codeLike(e.text) || icuUnsafe(e.text)) return null;
      return `t(${quote(e.text)})`;
    }
    if (ts.isTemplateExpression(e)) {
      const parts: Part[] = [{ text: e.head.text }];
      for (const span of e.templateSpans) parts.push({ expr: span.expression }, { text: span.literal.text });
      const m = message(parts);
      return m ? call(m) : null;
    }
    if (ts.isParenthesizedExpression(e)) {
      const inner = expression(e.expression);
      return inner === null ? null : `(${inner})`;
    }
    if (ts.isConditionalExpression(e)) {
      const a = expression(e.whenTrue) ?? nested(e.whenTrue);
      const b = expression(e.whenFalse) ?? nested(e.whenFalse);
      if (a === null && b === null) return null;
      return splice(e, [
        [e.whenTrue, a],
        [e.whenFalse, b],
      ]);
    }
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) {
        const b = expression(e.right) ?? nested(e.right);
        return b === null ? null : splice(e, [[e.right, b]]);
      }
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
        const a = expression(e.left) ?? nested(e.left);
        const b = expression(e.right) ?? nested(e.right);
        if (a === null && b === null) return null;
        return splice(e, [
          [e.left, a],
          [e.right, b],
        ]);
      }
    }
    return null;
  };

  /** A node's source with the words inside it wrapped (JSX in a branch), or null when nothing changes. */
  const nested = (n: ts.Node): string | null => {
    const saved = edits.splice(0);
    visit(n);
    const mine = edits.splice(0);
    edits.push(...saved);
    if (!mine.length) return null;
    const base = n.getStart(sf);
    return applyEdits(
      n.getText(sf),
      mine.map((e) => ({ start: e.start - base, end: e.end - base, text: e.text })),
    );
  };

  /** A node's source with some of its children replaced. */
  const splice = (node: ts.Node, replacements: [ts.Node, string | null][]): string => {
    const base = node.getStart(sf);
    const local = replacements
      .filter((r): r is [ts.Node, string] => r[1] !== null)
      .map(([n, t]) => ({ start: n.getStart(sf) - base, end: n.getEnd() - base, text: t }));
    return applyEdits(node.getText(sf), local);
  };

  const replace = (node: ts.Node, replacement: string | null) => {
    if (replacement !== null) edits.push({ start: node.getStart(sf), end: node.getEnd(), text: replacement });
  };

  /** A JSX element's children: runs of text and simple values become one message each. */
  const children = (kids: ts.NodeArray<ts.JsxChild>) => {
    let run: ts.JsxChild[] = [];
    const flush = () => {
      const nodes = run;
      run = [];
      if (!wrapRun(nodes))
        for (const n of nodes)
          if (ts.isJsxExpression(n) && n.expression && !simple(n.expression)) replace(n.expression, expression(n.expression));
    };
    const wrapRun = (nodes: ts.JsxChild[]): boolean => {
      const worded = (n: ts.JsxChild) =>
        ts.isJsxText(n)
          ? hasWords(n.text)
          : ts.isJsxExpression(n) &&
            !!n.expression &&
            (ts.isStringLiteralLike(n.expression) ? hasWords(n.expression.text) : !!pluralOf(n.expression));
      if (!nodes.some(worded)) return false;
      const parts: Part[] = [];
      for (const n of nodes) {
        if (ts.isJsxText(n)) {
          const t = jsxText(n.text);
          if (t === null) return false;
          if (t) parts.push({ text: t });
        } else if (ts.isJsxExpression(n) && n.expression) {
          if (ts.isStringLiteralLike(n.expression)) parts.push({ text: n.expression.text });
          else parts.push({ expr: n.expression });
        }
      }
      // whitespace at the ends stays outside the message
      const first = parts[0];
      const last = parts[parts.length - 1];
      let lead = '';
      let trail = '';
      if (first && 'text' in first) {
        lead = /^\s*/.exec(first.text)![0];
        first.text = first.text.slice(lead.length);
      }
      if (last && 'text' in last) {
        trail = /\s*$/.exec(last.text)![0];
        last.text = last.text.slice(0, last.text.length - trail.length);
      }
      const m = message(parts.filter((p) => !('text' in p) || p.text));
      if (!m) return false;
      const space = (s: string) => (s ? (/^ +$/.test(s) ? s : `{${quote(s)}}`) : '');
      const start = ts.isJsxText(nodes[0]!) ? nodes[0]!.pos : nodes[0]!.getStart(sf);
      const end = nodes[nodes.length - 1]!.getEnd();
      edits.push({ start, end, text: `${space(lead)}{${call(m)}}${space(trail)}` });
      return true;
    };
    for (const kid of kids) {
      if (ts.isJsxText(kid)) {
        run.push(kid);
        continue;
      }
      if (
        ts.isJsxExpression(kid) &&
        kid.expression &&
        (ts.isStringLiteralLike(kid.expression) || simple(kid.expression) || pluralOf(kid.expression))
      ) {
        run.push(kid);
        continue;
      }
      flush();
      if (ts.isJsxExpression(kid) && kid.expression) {
        const r = expression(kid.expression);
        if (r !== null) replace(kid.expression, r);
        else visit(kid.expression);
      } else visit(kid);
    }
    flush();
  };

  const tagName = (n: ts.JsxOpeningLikeElement) => n.tagName.getText(sf);

  function visit(node: ts.Node): void {
    if (isTCall(node)) return;
    if (ts.isJsxElement(node)) {
      visit(node.openingElement);
      if (!CODE_ELEMENTS.has(tagName(node.openingElement))) children(node.children);
      return;
    }
    if (ts.isJsxFragment(node)) {
      children(node.children);
      return;
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      const init = node.initializer;
      if (ATTRIBUTES.has(name) && init) {
        if (ts.isStringLiteral(init)) {
          const r = expression(init);
          if (r !== null) replace(init, `{${r}}`);
          return;
        }
        if (ts.isJsxExpression(init) && init.expression) {
          const r = expression(init.expression);
          if (r !== null) return replace(init.expression, r);
        }
      }
      ts.forEachChild(node, visit);
      return;
    }
    if (ts.isCallExpression(node) && SHOWN_CALLS.test(node.expression.getText(sf).replace(/\s/g, ''))) {
      const [first, options] = node.arguments;
      if (first) {
        const r = expression(first);
        if (r !== null) replace(first, r);
        else visit(first);
      }
      for (const a of node.arguments.slice(1)) {
        if (a === options && ts.isObjectLiteralExpression(a)) {
          for (const p of a.properties) {
            if (ts.isPropertyAssignment(p) && p.name.getText(sf) === 'description') {
              const r = expression(p.initializer);
              if (r !== null) replace(p.initializer, r);
              else visit(p.initializer);
            } else visit(p);
          }
        } else visit(a);
      }
      return;
    }
    if (ts.isPropertyAssignment(node) && PROPERTIES.has(node.name.getText(sf).replace(/['"]/g, ''))) {
      const r = expression(node.initializer);
      if (r !== null) return replace(node.initializer, r);
    }
    ts.forEachChild(node, visit);
  }

  visit(sf);
  return edits;
}

/** Renames the file's own `t`s (parameters, variables) that would hide the imported `t`. */
function renameLocalTs(sf: ts.SourceFile, checker: ts.TypeChecker): Edit[] {
  const edits: Edit[] = [];
  const taken = new Set<string>();
  sf.forEachChild(function names(n: ts.Node) {
    const p = n.parent;
    const property =
      p &&
      ((ts.isPropertyAccessExpression(p) && p.name === n) || ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p)) && p.name === n));
    if (ts.isIdentifier(n) && !property) taken.add(n.text);
    n.forEachChild(names);
  });
  const declarations: ts.Identifier[] = [];
  sf.forEachChild(function find(n: ts.Node) {
    if (
      ts.isIdentifier(n) &&
      n.text === 't' &&
      n.parent &&
      ((ts.isParameter(n.parent) && n.parent.name === n) ||
        (ts.isVariableDeclaration(n.parent) && n.parent.name === n) ||
        (ts.isBindingElement(n.parent) && n.parent.name === n))
    )
      declarations.push(n);
    n.forEachChild(find);
  });
  const singular = (s: string) => {
    const w = (/([A-Za-z]+)$/.exec(s)?.[1] ?? '').toLowerCase();
    return w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.endsWith('s') ? w.slice(0, -1) : w;
  };
  for (const decl of declarations) {
    const symbol = checker.getSymbolAtLocation(decl);
    if (!symbol) continue;
    let wish = 'value';
    const p = decl.parent;
    if (ts.isParameter(p) && ts.isArrowFunction(p.parent) && ts.isCallExpression(p.parent.parent)) {
      const callee = p.parent.parent.expression;
      if (ts.isPropertyAccessExpression(callee)) {
        const owner = callee.expression;
        const ownerName = ts.isIdentifier(owner)
          ? owner.text
          : ts.isPropertyAccessExpression(owner)
            ? owner.name.text
            : ts.isParenthesizedExpression(owner) || ts.isArrayLiteralExpression(owner) || ts.isAsExpression(owner)
              ? ''
              : '';
        wish = singular(ownerName.split('_').pop() ?? '') || 'value';
      }
    } else if (ts.isBindingElement(p)) {
      const type = checker.getTypeAtLocation(decl);
      const typeName = type.aliasSymbol?.name ?? type.getSymbol()?.name ?? '';
      if (/^[A-Z]\w+$/.test(typeName)) wish = typeName[0]!.toLowerCase() + typeName.slice(1);
    } else if (
      ts.isVariableDeclaration(p) &&
      p.initializer &&
      ts.isCallExpression(p.initializer) &&
      /setTimeout|setInterval/.test(p.initializer.expression.getText(sf))
    ) {
      wish = 'timer';
    }
    if (wish.length < 2 || wish === 't') wish = 'value';
    let name = wish;
    for (const alt of [wish, `${wish}Item`, 'item', 'entry', 'one']) {
      name = alt;
      if (!taken.has(alt)) break;
    }
    taken.add(name);
    sf.forEachChild(function refs(n: ts.Node) {
      if (ts.isIdentifier(n) && n.text === 't') {
        if (ts.isShorthandPropertyAssignment(n.parent) && checker.getShorthandAssignmentValueSymbol(n.parent) === symbol) {
          edits.push({ start: n.getStart(sf), end: n.getEnd(), text: `t: ${name}` });
        } else if (n === decl && ts.isBindingElement(p) && !p.propertyName && ts.isObjectBindingPattern(p.parent)) {
          edits.push({ start: n.getStart(sf), end: n.getEnd(), text: `t: ${name}` });
        } else if (checker.getSymbolAtLocation(n) === symbol && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
          edits.push({ start: n.getStart(sf), end: n.getEnd(), text: name });
        }
      }
      n.forEachChild(refs);
    });
  }
  return edits;
}

function importLine(file: string): string {
  let rel = path.relative(path.dirname(file), i18nModule).replace(/\\/g, '/').replace(/\.ts$/, '');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return `import { t } from '${rel}';\n`;
}

const importsT = (source: string) => /import\s*\{[^}]*\bt\b[^}]*\}\s*from\s*'[./]*(?:lib\/)?i18n'/.test(source);

function withImport(file: string, source: string): string {
  if (importsT(source)) return source;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imports = sf.statements.filter(ts.isImportDeclaration);
  const at = imports.length ? imports[imports.length - 1]!.getEnd() + 1 : 0;
  return source.slice(0, at) + importLine(file) + source.slice(at);
}

/** Writes the new text unless the file changed on disk since it was read (someone else is editing it). */
function write(file: string, was: string, text: string): boolean {
  if (readFileSync(file, 'utf8') !== was) {
    console.error(`changed while running, left alone: ${path.relative(process.cwd(), file)}`);
    return false;
  }
  writeFileSync(file, text);
  return true;
}

const files = targets(process.argv.slice(2));
// Pass 1: which files get words wrapped; their own `t`s are renamed first.
let prog = program(files);
let checker = prog.getTypeChecker();
const renamed: string[] = [];
for (const file of files) {
  const sf = prog.getSourceFile(file)!;
  const source = sf.getFullText();
  if (!importsT(source) && !wrapFile(sf, checker).length) continue;
  const edits = renameLocalTs(sf, checker);
  if (edits.length && write(file, source, applyEdits(source, edits))) renamed.push(file);
}
// Pass 2: wrap.
if (renamed.length) {
  prog = program(files);
  checker = prog.getTypeChecker();
}
const changed: string[] = [];
let wrapped = 0;
for (const file of files) {
  const sf = prog.getSourceFile(file)!;
  const edits = wrapFile(sf, checker);
  if (!edits.length) continue;
  if (!write(file, sf.getFullText(), withImport(file, applyEdits(sf.getFullText(), edits)))) continue;
  wrapped += edits.length;
  changed.push(file);
}
const touched = [...new Set([...renamed, ...changed])];
for (const f of touched) console.log(path.relative(process.cwd(), f));
console.error(`${wrapped} strings wrapped in ${changed.length} files (${renamed.length} with a local t renamed)`);

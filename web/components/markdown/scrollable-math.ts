import type { Element, Root, RootContent } from 'hast';

/**
 * Display math scrolls sideways when a formula is wider than the text (on a phone, often), and a region that
 * scrolls must be reachable from the keyboard: each display formula KaTeX made becomes a tab stop. Runs after
 * rehype-katex.
 */
export function rehypeScrollableMath() {
  return (tree: Root) => {
    const visit = (node: Root | RootContent) => {
      if (node.type !== 'element' && node.type !== 'root') return;
      if (node.type === 'element' && isDisplayMath(node)) {
        node.properties.tabIndex = 0;
        return;
      }
      for (const child of node.children) visit(child);
    };
    visit(tree);
  };
}

function isDisplayMath(element: Element): boolean {
  const className = element.properties.className;
  return Array.isArray(className) && className.includes('katex-display');
}

import { describe, expect, it } from 'vitest';
import { snippetParts } from './card-tile.tsx';

describe('snippetParts', () => {
  it('splits a snippet at its marks', () => {
    expect(snippetParts('a \u0001b\u0002 c \u0001d\u0002')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b', marked: true },
      { text: ' c ', marked: false },
      { text: 'd', marked: true },
    ]);
  });

  it('drops marks that do not pair up', () => {
    expect(snippetParts('x\u0002y')).toEqual([{ text: 'xy', marked: false }]);
    expect(snippetParts('x\u0001y')).toEqual([
      { text: 'x', marked: false },
      { text: 'y', marked: true },
    ]);
    expect(snippetParts('\u0001\u0002')).toEqual([]);
  });

  it('keeps markup as plain text', () => {
    expect(snippetParts('\u0001<img src=x onerror=alert(1)>\u0002')).toEqual([
      { text: '<img src=x onerror=alert(1)>', marked: true },
    ]);
  });
});

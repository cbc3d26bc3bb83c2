import { describe, expect, it } from 'vitest';
import { taggedAnswers } from '../../server/plugins/tagged-answers.js';

const answer = (name: string, ...tags: string[]) => ({ name, tags });

describe('kept answers by URL with their tags at hand', () => {
  it('a change clears exactly the answers tagged with what it touched', () => {
    const kept = taggedAnswers<ReturnType<typeof answer>>(10);
    kept.set('/clan/a', answer('a', 'clan:a', 'league:sal-beginner'));
    kept.set('/clan/b', answer('b', 'clan:b'));
    kept.set('/match/1', answer('m1', 'match:1'));
    const cleared = kept.deleteTagged(['clan:a', 'player:9']);
    expect([...cleared].map(([url, { name }]) => [url, name])).toEqual([['/clan/a', 'a']]);
    expect(kept.get('/clan/a')).toBeUndefined();
    expect(kept.get('/clan/b')?.name).toBe('b');
    expect(kept.get('/match/1')?.name).toBe('m1');
    expect(kept.urlsTagged('league:sal-beginner')).toEqual([]);
  });

  it('an answer replaced or evicted leaves no tag behind that would clear its successor', () => {
    const kept = taggedAnswers<ReturnType<typeof answer>>(2);
    kept.set('/x', answer('old', 'clan:old'));
    kept.set('/x', answer('new', 'clan:new'));
    kept.deleteTagged(['clan:old']);
    expect(kept.get('/x')?.name).toBe('new');

    kept.set('/y', answer('y', 'clan:y'));
    kept.set('/z', answer('z', 'clan:z'));
    expect(kept.get('/x')).toBeUndefined();
    expect(kept.urlsTagged('clan:new')).toEqual([]);
    kept.set('/x', answer('again', 'clan:again'));
    kept.deleteTagged(['clan:new']);
    expect(kept.get('/x')?.name).toBe('again');
  });

  it('the least recently read goes first when full', () => {
    const kept = taggedAnswers<ReturnType<typeof answer>>(2);
    kept.set('/first', answer('first', 't'));
    kept.set('/second', answer('second', 't'));
    kept.touch('/first');
    kept.set('/third', answer('third', 't'));
    expect(kept.get('/second')).toBeUndefined();
    expect(kept.urlsTagged('t').sort()).toEqual(['/first', '/third']);
  });

  it('clear forgets every answer and tag', () => {
    const kept = taggedAnswers<ReturnType<typeof answer>>(5);
    kept.set('/a', answer('a', 't'));
    kept.clear();
    expect(kept.get('/a')).toBeUndefined();
    expect(kept.urlsTagged('t')).toEqual([]);
  });
});

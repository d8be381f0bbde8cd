import { describe, expect, it } from 'vitest';
import { repositoryFromUrl } from '../../src/provenance/repository-name.js';

describe('repositoryFromUrl', () => {
  const shapes: ReadonlyArray<readonly [string, string]> = [
    // https, with and without .git, trailing slashes, credentials and ports
    ['https://github.com/acme/widgets.git', 'acme/widgets'],
    ['https://github.com/acme/widgets', 'acme/widgets'],
    ['https://github.com/acme/widgets/', 'acme/widgets'],
    ['https://github.com/acme/widgets.git/', 'acme/widgets'],
    ['https://user:t0ken@github.com/acme/widgets.git', 'acme/widgets'],
    ['https://git.example.com:8443/acme/widgets.git', 'acme/widgets'],
    ['http://git.example.com/acme/widgets', 'acme/widgets'],
    // ssh, scp-like and URL forms
    ['git@github.com:acme/widgets.git', 'acme/widgets'],
    ['git@github.com:acme/widgets', 'acme/widgets'],
    ['github.com:acme/widgets.git', 'acme/widgets'],
    ['ssh://git@github.com/acme/widgets.git', 'acme/widgets'],
    ['ssh://git@github.com:2222/acme/widgets.git', 'acme/widgets'],
    ['git+ssh://git@github.com/acme/widgets.git', 'acme/widgets'],
    ['git://github.com/acme/widgets.git', 'acme/widgets'],
    // files and local paths
    ['file:///srv/git/acme/widgets.git', 'acme/widgets'],
    ['file:///srv/git/acme/widgets/', 'acme/widgets'],
    ['/srv/git/acme/widgets.git', 'acme/widgets'],
    ['../acme/widgets.git', 'acme/widgets'],
    ['C:\\repos\\acme\\widgets.git', 'acme/widgets'],
    // nested groups keep the last two parts
    ['git@gitlab.com:group/subgroup/widgets.git', 'subgroup/widgets'],
    ['https://gitlab.com/group/subgroup/widgets.git', 'subgroup/widgets'],
    // whitespace around the value
    ['  https://github.com/acme/widgets.git\n', 'acme/widgets'],
  ];

  it.each(shapes)('%j → %s', (url, expected) => {
    expect(repositoryFromUrl(url)).toBe(expected);
  });

  it('only strips one trailing .git, and only as a suffix', () => {
    expect(repositoryFromUrl('https://github.com/acme/widgets.github.io.git')).toBe('acme/widgets.github.io');
    expect(repositoryFromUrl('https://github.com/acme/.gitignore-templates')).toBe(
      'acme/.gitignore-templates',
    );
  });

  it('keeps a single path part as it is', () => {
    expect(repositoryFromUrl('git@host:widgets.git')).toBe('widgets');
    expect(repositoryFromUrl('widgets.git')).toBe('widgets');
  });
});

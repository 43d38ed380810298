const path = require('path');
const { task, src, dest } = require('gulp');

// tsc does not copy assets: the nodes reference their icons as file:../../icons/*.svg,
// which resolves to dist/icons once built.
task('build:icons', () =>
	src(path.resolve('icons', '*.svg'), { encoding: false }).pipe(dest(path.resolve('dist', 'icons'))),
);

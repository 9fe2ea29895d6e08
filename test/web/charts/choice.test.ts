// Tests: which chart a field or a pair gets and what it asks /dist/ for (web/charts/choice.ts), by the rules of API.md §13.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toChartKind, toDistParams } from '../../../web/charts/choice.ts';
import type { Field } from '../../../web/types.ts';

const t = suite('web chart choice');
const field = (simple_type: string) => ({ simple_type }) as Field;
const [num, date, datetime, time, text, bool] = ['number', 'date', 'datetime', 'time', 'string', 'boolean'].map(field);
const choice = { bins: null, interval: null, cluster: true };

t('one field: bars, spikes up to 100 distinct numbers, a histogram above, periods for dates and times', () => {
  assert.is(toChartKind([text], null), 'bars');
  assert.is(toChartKind([bool], null), 'bars');
  assert.is(toChartKind([num], 100), 'spikes');
  assert.is(toChartKind([num], 101), 'histogram');
  assert.is(toChartKind([num], null), 'spikes'); // distinct count unknown (stats failed)
  for (const f of [date, datetime, time]) assert.is(toChartKind([f], 5), 'periods');
});

t('two fields: two numbers are a scatter, any other pair a heat map', () => {
  assert.is(toChartKind([num, num], null), 'scatter');
  assert.is(toChartKind([num, text], null), 'heat');
  assert.is(toChartKind([date, num], null), 'heat');
  assert.is(toChartKind([text, bool], null), 'heat');
});

t('the parameters: bins and interval auto unless chosen; clustering only for two numbers', () => {
  assert.equal(toDistParams('histogram', [num], choice), { bins: 'auto' });
  assert.equal(toDistParams('histogram', [num], { ...choice, bins: 50 }), { bins: 50 });
  assert.equal(toDistParams('periods', [date], choice), { interval: 'auto' });
  assert.equal(toDistParams('periods', [time], { ...choice, interval: 'minute' }), { interval: 'minute' });
  assert.equal(toDistParams('scatter', [num, num], choice), { cluster: 'true' });
  assert.equal(toDistParams('scatter', [num, num], { ...choice, cluster: false }), { cluster: 'false' });
  assert.equal(toDistParams('spikes', [num], choice), { cluster: 'false' });
  assert.equal(toDistParams('bars', [text], choice), { cluster: 'false' });
  // A heat map bins its number axes and truncates its date axes (§13: never bins without a number axis).
  assert.equal(toDistParams('heat', [num, text], choice), { bins: 'auto', interval: undefined, cluster: 'false' });
  assert.equal(toDistParams('heat', [date, num], choice), { bins: 'auto', interval: 'auto', cluster: 'false' });
  assert.equal(toDistParams('heat', [text, bool], choice), { bins: undefined, interval: undefined, cluster: 'false' });
});

t.run();

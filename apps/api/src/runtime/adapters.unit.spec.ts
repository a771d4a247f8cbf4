import { databaseOf } from './adapters.js';

describe('the database of a MongoDB URL', () => {
  it('is the path of the URL, else fleet', () => {
    expect(databaseOf('mongodb://127.0.0.1:27017/fleet_test')).toBe('fleet_test');
    expect(databaseOf('mongodb://user:p%40ss@h1:1,h2:2/ops?replicaSet=rs0')).toBe('ops');
    expect(databaseOf('mongodb+srv://cluster.example.com/?retryWrites=true')).toBe('fleet');
    expect(databaseOf('mongodb://127.0.0.1:27017')).toBe('fleet');
  });
});

import { Partitioners } from 'kafkajs';
import { murmur2, partitionForKey } from './partitioner.js';

const kafkajsPartition = (key: string, partitions: number): number => {
  const partitioner = Partitioners.DefaultPartitioner();
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
    partitionId,
    leader: 1,
    partitionErrorCode: 0,
    replicas: [1],
    isr: [1],
  }));
  return partitioner({ topic: 't', partitionMetadata, message: { key, value: null } });
};

describe('partitionForKey', () => {
  it('hashes like Kafka (values from the Java client tests)', () => {
    // org.apache.kafka.common.utils.UtilsTest#testMurmur2
    expect(murmur2(new TextEncoder().encode('21'))).toBe(-973932308);
    expect(murmur2(new TextEncoder().encode('foobar'))).toBe(-790332482);
    expect(murmur2(new TextEncoder().encode('a-little-bit-long-string'))).toBe(-985981536);
    expect(murmur2(new TextEncoder().encode('a-little-bit-longer-string'))).toBe(-1486304829);
    expect(murmur2(new TextEncoder().encode('lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8'))).toBe(
      -58897971,
    );
    expect(murmur2(new Uint8Array([0x61, 0x62, 0x63]))).toBe(479470107);
  });

  it('agrees with the kafkajs default partitioner on many keys', () => {
    const keys = ['users', 'global', '', 'é', '配送'];
    for (let i = 0; i < 500; i++) keys.push(`depot:${i}`, `k${i * 7919}`, 'x'.repeat(i % 13));
    for (const partitions of [1, 3, 4, 7, 12]) {
      for (const key of keys)
        expect(partitionForKey(key, partitions)).toBe(kafkajsPartition(key, partitions));
    }
  });

  it('refuses a bad partition count', () => {
    expect(() => partitionForKey('a', 0)).toThrow(RangeError);
  });
});

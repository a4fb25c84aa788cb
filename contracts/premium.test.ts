import { describe, expect, it } from 'vitest';
import { describeEntitlements, entitlementsFor, entitlementsSchema, plans } from './premium.ts';

describe('the entitlement table', () => {
  it('gives subscribers the premium plan and everyone else the free one', () => {
    expect(entitlementsFor(true)).toBe(plans.premium);
    expect(entitlementsFor(false)).toBe(plans.free);
  });

  it('holds valid entitlements, and premium raises every limit', () => {
    for (const plan of Object.values(plans)) expect(entitlementsSchema.parse(plan)).toEqual(plan);
    expect(plans.premium.pdfLibraryBytes).toBeGreaterThan(plans.free.pdfLibraryBytes);
    expect(plans.premium.assistantRequestsPerDay).toBeGreaterThan(plans.free.assistantRequestsPerDay);
    expect(plans.premium.blogAgentRequestsPerDay).toBeGreaterThan(plans.free.blogAgentRequestsPerDay);
    expect(plans.premium.extractorConcurrentRuns).toBeGreaterThan(plans.free.extractorConcurrentRuns);
    expect(plans.premium.extractorBytesPerDay).toBeGreaterThan(plans.free.extractorBytesPerDay);
    expect(plans.premium.advancedStudyStats).toBe(true);
    expect(plans.free.advancedStudyStats).toBe(false);
  });

  it('describes a plan in words written from its numbers', () => {
    expect(describeEntitlements(plans.premium)).toEqual([
      '10 GB of PDFs in your PDF library',
      '500 questions to the chat assistant a day',
      '50 blog-builder agent runs a day',
      '10 GB of repositories read by the extractor a day, 3 extractions at a time',
      'Advanced study statistics: retention curves per deck and per tag',
    ]);
    expect(describeEntitlements(plans.free)[0]).toBe('250 MB of PDFs in your PDF library');
    expect(describeEntitlements(plans.free)[3]).toBe(
      '500 MB of repositories read by the extractor a day, 1 extraction at a time',
    );
    expect(describeEntitlements({ ...plans.free, assistantRequestsPerDay: 1200 })[1]).toBe(
      '1,200 questions to the chat assistant a day',
    );
  });
});

/** A course of the classroom, as its list and the home page show it. */
export interface CourseSummary {
  title: string;
  summary: string;
  path: string;
}

/** The classroom's courses, in the order the classroom lists them. */
export const courses: readonly [CourseSummary, ...CourseSummary[]] = [
  {
    title: 'Modern recommendation systems',
    summary:
      "How today's recommenders find, score and rank what people see, taught on the recommender behind CARD WEB's own Explore feed.",
    path: '/classroom/classes/modern-recommendation-systems',
  },
];

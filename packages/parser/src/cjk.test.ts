import { describe, expect, it } from 'vitest';
import { takeDate } from './dates.ts';
import { structure } from './structure.ts';
import type { Line, Segment } from './types.ts';

let y = 0;
/** A line of segments given as [text, x] pairs (or one text at the column edge). */
function line(
  parts: string | [string, number][],
  opts: { bold?: boolean; size?: number; gap?: number; bullet?: boolean } = {},
): Line {
  const size = opts.size ?? 10;
  const segs: Segment[] = (
    typeof parts === 'string' ? [[parts, 50] as [string, number]] : parts
  ).map(([text, x]) => ({ text, x, x2: x + text.length * size, size, bold: !!opts.bold }));
  y += 14;
  return { segs, page: 1, y, gap: opts.gap ?? 1.5, bullet: !!opts.bullet, colX: 50, colW: 500 };
}
const heading = (t: string) => line(t, { size: 14, gap: 2 });
const doc = (lines: Line[]) => structure({ kind: 'pdf', lines, links: [] });

describe('Chinese dates', () => {
  it.each([
    ['2019年7月至今', '2019年7月至今'],
    ['2018.09 - 至今', '2018.09 - 至今'],
    ['2016年9月-2019年6月', '2016年9月-2019年6月'],
  ])('finds %s even when Han text touches it', (text, date) => {
    expect(takeDate(`任职${text}`)?.date).toBe(date);
  });
  it('keeps the expected graduation qualifier with the date', () => {
    expect(takeDate('硕士 软件工程, 预计2021年6月毕业')).toEqual({
      date: '预计2021年6月毕业',
      rest: '硕士 软件工程',
    });
  });
});

describe('Chinese resume entries', () => {
  const parsed = doc([
    line('王小明', { size: 24, gap: 10 }),
    line('wang@example.cn · 138-0000-0000'),
    heading('教育背景'),
    line([
      ['浙江大学, 杭州', 50],
      ['2018 – 至今', 450],
    ]),
    line('硕士 软件工程, 预计 2021 年 6 月毕业'),
    line([
      ['南京大学, 南京, 江苏', 50],
      ['2014 – 2018', 450],
    ]),
    line('学士 计算机科学'),
    heading('工作经历'),
    line([
      ['某某网络公司杭州', 50],
      ['2020 年 7 月 – 2020 年 9 月', 420],
    ]),
    line('实习 导师: 李四'),
    line('负责后端接口开发', { bullet: true }),
    line('优化查询性能', { bullet: true }),
    heading('专业技能'),
    line('编程语言: Go > Python == Java', { bullet: true }),
    heading('其他'),
    line('GitHub: https://github.com/wangxm', { bullet: true }),
    line('语言: 英语 - 熟练 (IELTS 7)', { bullet: true }),
  ]);

  it('reads institution, place, degree and field, and keeps the expected date in its entry', () => {
    expect(parsed.education).toEqual([
      { institution: '浙江大学', degree: '硕士', field_of_study: '软件工程', dates: '2018 – 至今' },
      {
        institution: '南京大学',
        degree: '学士',
        field_of_study: '计算机科学',
        dates: '2014 – 2018',
      },
    ]);
  });
  it('splits a company run together with its city and drops the supervisor from the role', () => {
    expect(parsed.experience).toEqual([
      {
        company: '某某网络公司',
        position: '实习',
        location: '杭州',
        dates: '2020 年 7 月 – 2020 年 9 月',
        description: ['负责后端接口开发', '优化查询性能'],
      },
    ]);
  });
  it('splits skills ranked with operators', () => {
    expect(parsed.skills?.technical).toEqual(['Go', 'Python', 'Java']);
  });
  it('finds a profile link and a spoken language under a heading of no known kind', () => {
    expect(parsed.contact?.github).toBe('https://github.com/wangxm');
    expect(parsed.verbal_languages).toEqual(['英语']);
  });
});

describe('a Chinese template with placeholders', () => {
  const parsed = doc([
    line('王小明', { size: 24, gap: 10 }),
    heading('教育背景'),
    line('年 – 年 学位, 院校, 城市, 成绩.'),
    // a label and its text on one line: no heading, though its text holds a heading word
    line('说明 论文简介', { size: 11 }),
    heading('工作经历'),
    line('年 – 年 职位, 某某公司, 城市.'),
    line('负责后端接口开发', { bullet: true }),
  ]);
  it('reads the placeholder range as the dates, and each placeholder as the part it names', () => {
    expect(parsed.education?.[0]).toMatchObject({
      institution: '院校',
      degree: '学位',
      dates: '年 – 年',
      gpa: '成绩',
    });
  });
  it('starts the section under a label line that holds a heading word', () => {
    expect(parsed.summary).toBeUndefined();
    expect(parsed.experience).toEqual([
      {
        company: '某某公司',
        position: '职位',
        location: '城市',
        dates: '年 – 年',
        description: ['负责后端接口开发'],
      },
    ]);
  });
});

describe('Chinese headings of language skills and interests', () => {
  it('reads the spoken languages under 语言技能, not skills, and keeps interests out of the summary', () => {
    const parsed = doc([
      line('王小明', { size: 24, gap: 10 }),
      heading('个人简介'),
      line('五年后端开发经验。'),
      heading('语言技能'),
      line('英语, 日语'),
      heading('个人兴趣'),
      line('围棋, 长跑'),
    ]);
    expect(parsed.verbal_languages).toEqual(['英语', '日语']);
    expect(parsed.skills).toBeUndefined();
    expect(parsed.summary).toBe('五年后端开发经验。');
  });
});

describe('Chinese headings of projects and activities', () => {
  it('reads 项目经历 as projects and 活动经历 as activities, not as work experience', () => {
    const parsed = doc([
      line('王小明', { size: 24, gap: 10 }),
      heading('项目经历'),
      line([
        ['开源日志库', 50],
        ['2021 – 至今', 450],
      ]),
      line('实现异步写入与压缩归档', { bullet: true }),
      heading('活动经历'),
      line('校篮球队队长', { bullet: true }),
    ]);
    expect(parsed.experience).toBeUndefined();
    expect(parsed.projects?.[0]).toMatchObject({ name: '开源日志库', dates: '2021 – 至今' });
    expect(parsed.extracurricular).toEqual(['校篮球队队长']);
  });
});

describe('a thesis heading', () => {
  it('is no list of publications', () => {
    const parsed = doc([
      line('王小明', { size: 24, gap: 10 }),
      heading('毕业论文'),
      line('分布式缓存一致性研究'),
      line('导师: 李四'),
      heading('工作经历'),
      line([
        ['某某网络公司', 50],
        ['2020 – 2022', 450],
      ]),
    ]);
    expect(parsed.publications).toBeUndefined();
  });
});

describe('supervisor after a role', () => {
  it('is not part of the position', () => {
    const parsed = doc([
      line('Jane Roe', { size: 24, gap: 10 }),
      heading('Experience'),
      line([
        ['Acme Labs', 50],
        ['2019 – 2020', 450],
      ]),
      line('Research Intern   Supervisor: Dr. John Smith'),
      line('Built a thing.', { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      company: 'Acme Labs',
      position: 'Research Intern',
    });
  });
  it('does not treat a repository link as a GitHub profile', () => {
    const parsed = doc([
      line('Jane Roe', { size: 24, gap: 10 }),
      heading('Projects'),
      line('Tool: https://github.com/janeroe/tool'),
    ]);
    expect(parsed.contact?.github).toBeUndefined();
  });
});

describe('a country and a town set apart by a space', () => {
  it('are one place, after the organisation or on their own', () => {
    const parsed = doc([
      line('王小明', { size: 24, gap: 10 }),
      line('wang@example.cn · 138-0000-0000'),
      heading('工作经历'),
      line([
        ['销售经理', 50],
        ['2021 – 2023', 450],
      ]),
      line('某某贸易有限公司, 中国 南京'),
      line('负责华东地区客户开发', { bullet: true }),
      line([
        ['销售专员 某某电器有限公司 中国 苏州', 50],
        ['2018 – 2021', 450],
      ]),
      line('维护重点客户关系', { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.company, e.location])).toEqual([
      ['销售经理', '某某贸易有限公司', '中国 南京'],
      ['销售专员', '某某电器有限公司', '中国 苏州'],
    ]);
  });
});

describe('the wrapped end of a list item, a word and a full stop', () => {
  it('goes on with its item and opens no section', () => {
    const parsed = doc([
      line('王小明', { size: 22, gap: 10 }),
      line('xiaoming@example.com'),
      heading('项目经历'),
      line([
        ['海港物流平台 · 项目负责人', 50],
        ['2019.03 - 2020.06', 450],
      ]),
      line('设计并实现了货运调度系统，将港口的平均周转时间缩短了一天，并完成了全部的验收测', {
        bullet: true,
      }),
      line([['试。', 60]], { gap: 1.3 }),
      line('建立了与海关系统的数据接口，实现了报关单据的自动生成。', { bullet: true }),
      line([
        ['潮汐监测系统 · 开发者', 50],
        ['2020.07 - 2021.05', 450],
      ]),
      line('为沿海测站编写了告警服务。', { bullet: true }),
    ]);
    expect(parsed.projects?.map((p) => p.name)).toEqual(['海港物流平台', '潮汐监测系统']);
  });
});

describe('a name under a line of the page header', () => {
  it('opens no section: the details under it stay in the header', () => {
    const parsed = doc([
      line([['基于 LaTeX 的简历模板', 240]], { gap: 10, size: 11 }),
      line('李雷', { size: 22, gap: 1.5 }),
      line('男 · 硕士研究生 · 上海', { size: 11, gap: 1.9 }),
      line('138-0000-0000 · lilei@example.com · 上海', { size: 11, gap: 1.3 }),
      line('教育经历', { size: 15, gap: 2.1 }),
      line(
        [
          ['复旦大学 · 物理学,硕士', 50],
          ['2015.09 - 2018.06', 450],
        ],
        { size: 11, gap: 1.9 },
      ),
      line('专业技能', { size: 15, gap: 2.1 }),
      line('Python、C++、数据分析', { size: 11 }),
    ]);
    expect(parsed.contact?.name).toBe('李雷');
    expect(parsed.awards).toBeUndefined();
  });
});

describe('a Chinese paragraph wrapped at the column edge', () => {
  it('joins its lines without a space, and a line ending short keeps the break', () => {
    const wide = '热爱开源'.repeat(12) + '并乐于'; // runs to the column's right edge
    const parsed = doc([
      line('李华', { size: 24, gap: 10 }),
      heading('自我评价'),
      line(wide),
      line('分享。'),
      line('善于沟通。'),
      heading('工作经历'),
      line('某某科技有限公司 工程师 2019.07 - 2021.06'),
    ]);
    expect(parsed.summary).toBe(`${wide}分享。 善于沟通。`);
  });
});

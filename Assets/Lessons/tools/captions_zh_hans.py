"""The lessons' captions in Simplified Chinese, by their English text (make_lessons.py writes
each caption as {"en": …, "zh-Hans": …} when it has a translation here)."""

ZH_HANS = {
    "A pen reports about 240 samples a second; the screen draws 60 frames. Debug drawing (D) marks each point by its type, in a colour and a shape.":
        "笔每秒报告约 240 个采样点，屏幕每秒只画 60 帧。调试绘制（D）按类型用颜色和形状标出每个点。",
    "Four samples arrive between two frames: the last is standard (a black disc), the three before it coalesced (light-blue squares). None is dropped.":
        "两帧之间到达四个采样点：最后一个是标准点（黑色圆点），之前的三个是合并点（浅蓝方块）。一个都不丢。",
    "At each frame the canvas predicts where the pen goes: the dark-blue rings ahead of it, drawn at half alpha, removed when the next real sample arrives.":
        "每一帧画布都会预测笔的去向：前方半透明的深蓝圆环，下一个真实采样点到达时就被移除。",
    "Back to 1×. The trail (T) would show the samples of the last second, coloured by force.":
        "回到 1×。轨迹（T）会显示最近一秒的采样点，按压力着色。",
    "Finished: every sample is kept. Replay it with ← → to see each frame's points.":
        "完成：每个采样点都保留了。用 ← → 逐帧回放，看看每一帧的点。",
    "A point whose force is still expected to change is sent at once, typed needsUpdate, and updated later.":
        "压力预计还会变化的点会立即发送，类型为 needsUpdate，稍后再更新。",
    "Standing still, the wheel raises the force: a point at the same place, needsUpdate (amber).":
        "停在原处，滚轮增加压力：同一位置出现一个点，needsUpdate（琥珀色）。",
    "Each further change replaces its force (the same update index) until it settles.":
        "之后的每次变化都替换它的压力（同一个更新序号），直到稳定下来。",
    "0.2 s without another change settles it: updated. Moving on, or lifting, settles it too.":
        "0.2 秒内没有新变化就稳定：updated。移动或抬起也会让它稳定。",
    "Here the move came before 0.2 s: it settled the estimate at once.":
        "这里在 0.2 秒之前就移动了：估计值立即稳定。",
    "Seed 001: “pressure changes fire touchesMoved even when x and y did not change.”":
        "种子文章 001：“即使 x 和 y 没有变化，压力变化也会触发 touchesMoved。”",
    "The pen stands still and presses harder: 120 samples, all at the same place.":
        "笔停在原处并加大压力：120 个采样点，全都在同一位置。",
    "Each is a move: the HUD's Δ reads 0.0, 0.0 pt while the force plot climbs, and the ink's blob grows.":
        "每一个都是一次移动：HUD 的 Δ 显示 0.0, 0.0 pt，压力图却在上升，墨点也在变大。",
    "Lighter again: still moves, still at the same place.":
        "再轻一些：仍然是移动，仍然在同一位置。",
    "Then it moves on: velocity, rate and Δ in the HUD follow each sample.":
        "然后继续移动：HUD 中的速度、采样率和 Δ 跟着每个采样点变化。",
    "The same pen pressure, a ramp from 0 to 1, drawn three times through three pressure curves (xf86-input-wacom's PressCurve).":
        "同样的笔压，从 0 到 1 的斜坡，经过三条压力曲线画三次（xf86-input-wacom 的 PressCurve）。",
    "soft (0,5,95,100): a light touch already draws wide — the dot on the curve panel rises early.":
        "柔和（0,5,95,100）：轻轻一碰就画得很宽——曲线面板上的点很早就升起。",
    "linear: the force the pen reports is the force the ink gets.":
        "线性：笔报告的压力就是墨迹得到的压力。",
    "firm (5,0,100,95): it takes more pressure to widen the line.":
        "坚硬（5,0,100,95）：要更大的压力才能让线条变宽。",
    "Three strokes, one hand: the curve decides how force becomes width. V cycles the presets; the panel's handles (K) drag a curve of your own.":
        "三笔，同一只手：曲线决定压力如何变成宽度。V 切换预设；拖动面板（K）的控制点得到你自己的曲线。",
    "UIPreviewInteraction: press a message and raise the force. The inner ring is the preview transition, the outer one the commit.":
        "UIPreviewInteraction：按住一条信息并加大压力。内圈是预览过渡，外圈是提交。",
    "Phase 1, preview: progress = force / 0.20. The list blurs as it rises.":
        "第 1 阶段，预览：进度 = 压力 / 0.20。随着上升，列表变模糊。",
    "Force 0.20: the preview ends (ended: true) — the peek. Phase 2, the commit, starts.":
        "压力 0.20：预览结束（ended: true）——这就是 peek。第 2 阶段，提交，开始。",
    "The commit's progress = (force − 0.20) / (0.75 − 0.20).":
        "提交的进度 = (压力 − 0.20) / (0.75 − 0.20)。",
    "0.75: pop — the message opens, the button still down. The lift after it ends quietly.":
        "0.75：pop——信息打开，按键仍按着。之后的抬起安静地结束。",
    "Again, but lift before the pop.":
        "再来一次，但在 pop 之前抬起。",
    "Peeking…":
        "预览中……",
    "Lifted before the commit ended: didCancel — the peek shrinks away.":
        "提交结束前抬起：didCancel——预览缩小消失。",
    "The force-confirm button (seed 004): press the red bar, press harder until the ring is full, slide into it, release.":
        "压力确认按钮（种子文章 004）：按住红色横条，用力直到圆环填满，滑进去，松开。",
    "updating: the ring, 100 pt above the press, fills with intention = min(force, 3) / min(max, 3).":
        "updating：按压点上方 100 pt 的圆环按意图填充，意图 = min(压力, 3) / min(最大值, 3)。",
    "Intention 0.5: still updating.":
        "意图 0.5：仍在 updating。",
    "Intention > 0.97 outside the ring: selected (red, CONFIRM).":
        "意图 > 0.97 且在圆环外：selected（红色，“确认”）。",
    "Inside the ring: confirmed (green, OK). Release here fires.":
        "在圆环内：confirmed（绿色，OK）。在这里松开就会触发。",
    "Fired: the event is deleted, the DELETED pill fades in over 1 s.":
        "已触发：事件被删除，“已删除”标签在 1 秒内淡入。",
    "A touch screen has no force: the timed fallback fills the intention by 0.1 every 0.1 s while the finger stays down.":
        "触摸屏没有压力：手指按住时，计时替代方案每 0.1 秒把意图增加 0.1。",
    "Half way after 0.5 s…":
        "0.5 秒后到一半……",
    "…full after about 1 s: selected. Slide in and lift, as with force.":
        "……约 1 秒后填满：selected。滑进去再抬起，和有压力时一样。",
    "Deleted again, without any force.":
        "又删除了一次，完全没有用压力。",
    "Home-screen quick actions: a force press on an icon opens its menu — at most four items.":
        "主屏幕快捷操作：用力按图标打开它的菜单——最多四项。",
    "The ring round the icon fills toward the peek threshold, 0.20.":
        "图标周围的圆环朝预览阈值 0.20 填充。",
    "Maps declares four items: the most iOS shows.":
        "地图声明了四项：iOS 最多显示这么多。",
    "ForceCanvas's own icon: its static items come from Info.plist (UIApplicationShortcutItems)…":
        "ForceCanvas 自己的图标：静态项来自 Info.plist（UIApplicationShortcutItems）……",
    "…New Canvas, Peek Demo, Confirm Demo. Dynamic items, registered at run time after a first launch, fill what is left: a Ctrl+S export adds Open Recent as the fourth.":
        "……新建画布、预览演示、确认演示。首次启动后在运行时注册的动态项填满剩余位置：Ctrl+S 导出后会加上第四项“打开最近”。",
    "Slide to an item and lift: performActionFor shortcutItem — here Peek Demo opens Messages.":
        "滑到某一项再抬起：performActionFor shortcutItem——这里“预览演示”打开信息。",
    "Performed.":
        "已执行。",
    "Edge protection: the canvas's ink view defers the top and bottom edges, so a stroke near them is not taken by the system.":
        "边缘保护：画布的墨迹视图延迟了顶部和底部边缘，所以靠近它们的笔画不会被系统抢走。",
    "The first swipe up goes to the canvas (it draws); a small arrow says the system waits.":
        "第一次向上轻扫交给画布（它会画出来）；一个小箭头表示系统在等待。",
    "The same swipe again within 1.5 s is the system's: Home.":
        "1.5 秒内再扫一次就归系统：回到主屏幕。",
    "Now prefersHomeIndicatorAutoHidden (I): the indicator will fade after 2 s without a tap…":
        "现在打开 prefersHomeIndicatorAutoHidden（I）：2 秒没有轻点，指示条就会淡出……",
    "…and the catch: with auto-hide on, deferral does not take effect. One swipe, and the system takes it.":
        "……问题在于：开启自动隐藏后，延迟不再生效。扫一次，系统就接管了。",
    "2 s without a tap: the indicator fades to nearly transparent. Its gesture still works.":
        "2 秒没有轻点：指示条淡到几乎透明。它的手势仍然有效。",
    "A tap (not a drag) shows it again, for another 2 s.":
        "轻点一下（不是拖动）会让它再显示 2 秒。",
}
